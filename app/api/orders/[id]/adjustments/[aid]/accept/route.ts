import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { acceptAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.accept, ({ user, params, idempotencyKey }) =>
    acceptAdjustment(user.id, params.id, params.aid, idempotencyKey),
  ),
);
