import { farmApi } from "@/lib/contracts/farm";
import { completeOrder } from "@/lib/server/orders/farm-orders";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { now } from "@/lib/server/platform/clock";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.completeOrder, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await completeOrder(user, params.id, await now(), idempotencyKey)),
  ),
);
