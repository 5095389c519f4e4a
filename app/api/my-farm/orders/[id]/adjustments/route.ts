import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { proposeAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.propose, ({ user, params, body, idempotencyKey }) =>
    proposeAdjustment(user, params.id, body, idempotencyKey),
  ),
);
