import { route } from "@/lib/server/http/route";
import { getMyFarm, updateFarmProfile } from "@/lib/server/farm/profile";
import { farmProfileSchema } from "@/lib/validators/farm";

export const GET = route({ auth: "required" }, ({ user }) => getMyFarm(user));
export const PATCH = route({ auth: "required", body: farmProfileSchema }, ({ user, body }) => updateFarmProfile(user, body));
