import { adjustmentsApi } from "@/lib/contracts/adjustments";
import { declineAdjustment } from "@/lib/server/orders/adjust-order";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(adjustmentsApi.decline, ({ user, params }) =>
    declineAdjustment(user.id, params.id, params.aid),
  ),
);
