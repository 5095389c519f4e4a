import { ordersApi } from "@/lib/contracts/orders";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { cancelOrder } from "@/lib/server/orders/cancel-order";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(ordersApi.cancel, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await cancelOrder(user.id, params.id, idempotencyKey)),
  ),
);
