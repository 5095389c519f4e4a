import { farmApi } from "@/lib/contracts/farm";
import { listIncomingOrders } from "@/lib/server/farm/orders";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.orders, ({ user }) => listIncomingOrders(user)),
);
