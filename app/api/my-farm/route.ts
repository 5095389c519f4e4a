import { farmApi } from "@/lib/contracts/farm";
import { getMyFarm, updateFarmProfile } from "@/lib/server/farm/profile";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.farm, ({ user }) => getMyFarm(user)),
  route(farmApi.updateFarm, ({ user, body }) => updateFarmProfile(user, body)),
);
