import { farmApi } from "@/lib/contracts/farm";
import { completeOrder } from "@/lib/server/orders/farm-orders";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.completeOrder, ({ user, params }) => completeOrder(user, params.id)),
);
