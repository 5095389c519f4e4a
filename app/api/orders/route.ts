import { ordersApi } from "@/lib/contracts/orders";
import { handlers, route } from "@/lib/server/http/route";
import { checkout } from "@/lib/server/orders/checkout";
import { listOrders } from "@/lib/server/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.list, ({ user, query }) => listOrders(user.id, query.status)),
  route(ordersApi.checkout, async ({ user, body, idempotencyKey, headers }) => {
    const { value, replayed } = await checkout(user.id, body, idempotencyKey);
    if (replayed) headers.set("idempotent-replayed", "true");
    return value;
  }),
);
