import { route } from "@/lib/server/http/route";
import { cancelOrder } from "@/lib/server/orders/cancel-order";
import { parseOrderId } from "@/lib/server/orders/list-orders";

export const POST = route({ auth: "required" }, ({ user, params }) => cancelOrder(user.id, parseOrderId(params.id)));
