import { route } from "@/lib/server/http/route";
import { weeklySales } from "@/lib/server/farm/sales";

export const GET = route({ auth: "required" }, ({ user }) => weeklySales(user));
