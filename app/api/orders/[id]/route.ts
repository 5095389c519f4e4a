import { ordersApi } from "@/lib/contracts/orders";
import { handlers, route } from "@/lib/server/http/route";
import { editOrder } from "@/lib/server/orders/edit-order";
import { getOrder } from "@/lib/server/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.get, ({ user, params }) => getOrder(user.id, params.id)),
  route(ordersApi.edit, async ({ user, params, body, idempotencyKey, headers }) => {
    const { value, replayed } = await editOrder(user.id, params.id, body, idempotencyKey);
    if (replayed) headers.set("idempotent-replayed", "true");
    return value;
  }),
);
