import { route } from "@/lib/server/http/route";
import { listIncomingOrders } from "@/lib/server/farm/orders";

export const GET = route({ auth: "required" }, ({ user }) => listIncomingOrders(user));
