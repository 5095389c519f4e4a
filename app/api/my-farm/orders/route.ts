import { farmApi } from "@/lib/contracts/farm";
import { listIncomingOrders } from "@/lib/server/orders/farm-orders";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.orders, async ({ req, user, query, headers }) => {
    const page = await listIncomingOrders(user, query);
    if (page.total !== undefined) headers.set("x-total-count", String(page.total));
    return pageAnswer(req, headers, page);
  }),
);
