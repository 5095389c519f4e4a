import { farmApi } from "@/lib/contracts/farm";
import { undoHandover } from "@/lib/server/orders/farm-orders";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { now } from "@/lib/server/platform/clock";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.undoHandover, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await undoHandover(user, params.id, await now(), idempotencyKey)),
  ),
);
