import { route } from "@/lib/server/http/route";
import { getOrder, parseOrderId } from "@/lib/server/orders/list-orders";

export const GET = route({ auth: "required" }, ({ user, params }) => getOrder(user.id, parseOrderId(params.id)));
