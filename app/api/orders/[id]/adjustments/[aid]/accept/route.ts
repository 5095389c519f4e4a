import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { acceptAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, replayable, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.accept, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await acceptAdjustment(user.id, params.id, params.aid, idempotencyKey)),
  ),
);
