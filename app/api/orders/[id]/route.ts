import { ordersApi } from "@/lib/contracts/orders";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { editOrder } from "@/lib/server/orders/edit-order";
import { getOrder } from "@/lib/server/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.get, ({ user, params }) => getOrder(user.id, params.id)),
  route(ordersApi.edit, async ({ user, params, body, idempotencyKey, headers }) =>
    replayable(headers, await editOrder(user.id, params.id, body, idempotencyKey)),
  ),
);
