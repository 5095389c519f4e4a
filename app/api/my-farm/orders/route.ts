import { farmApi } from "@/lib/contracts/farm";
import { listIncomingOrders } from "@/lib/server/orders/farm-orders";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.orders, async ({ req, user, query, headers }) =>
    pageAnswer(req, headers, await listIncomingOrders(user, query)),
  ),
);
