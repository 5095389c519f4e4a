import { opsApi } from "@/lib/contracts/ops";
import { decideBusinessAccountOf } from "@/lib/server/business/accounts";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.decide, ({ user, params, body }) =>
    decideBusinessAccountOf(params.userId, body.decision, {
      staffId: user.id,
      reason: body.reason || undefined,
      as: body.as,
    }),
  ),
);
