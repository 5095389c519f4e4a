import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { proposeAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, replayable, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.propose, async ({ user, params, body, idempotencyKey, headers }) =>
    replayable(headers, await proposeAdjustment(user, params.id, body, idempotencyKey)),
  ),
);
