import { ordersApi } from "@/lib/contracts/orders";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { checkout } from "@/lib/server/orders/checkout";
import { listOrders } from "@/lib/server/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.list, async ({ req, user, query, headers }) =>
    pageAnswer(req, headers, await listOrders(user.id, query)),
  ),
  route(ordersApi.checkout, async ({ user, body, idempotencyKey, headers }) =>
    replayable(headers, await checkout(user.id, body, idempotencyKey)),
  ),
);
