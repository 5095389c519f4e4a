import { ordersApi } from "@/lib/contracts/orders";
import { handlers, route } from "@/lib/server/http/route";
import { getOrder } from "@/lib/server/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.get, ({ user, params }) => getOrder(user.id, params.id)),
);
