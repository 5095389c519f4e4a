import { route } from "@/lib/server/http/route";
import { parseId } from "@/lib/server/farm/access";
import { completeOrder } from "@/lib/server/farm/orders";

export const POST = route({ auth: "required" }, ({ user, params }) => completeOrder(user, parseId(params.id, "Order")));
