import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { declineAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, replayable, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.decline, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await declineAdjustment(user.id, params.id, params.aid, idempotencyKey)),
  ),
);
