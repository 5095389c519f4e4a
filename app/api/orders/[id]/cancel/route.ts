import { ordersApi } from "@/lib/contracts/orders";
import { handlers, route } from "@/lib/server/http/route";
import { cancelOrder } from "@/lib/server/orders/cancel-order";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.cancel, ({ user, params }) => cancelOrder(user.id, params.id)),
);
