import { opsApi } from "@/lib/contracts/ops";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { requireStepUp } from "@/lib/server/auth/step-up";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { setPayoutHold } from "@/lib/server/payments/manual-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.holdFarm, async ({ req, user, params, body, idempotencyKey, headers }) => {
    await requireStepUp(user.id, sessionCookieOf(req)?.value);
    return replayable(
      headers,
      await setPayoutHold(user.id, params.id, body.held, body.reason, idempotencyKey),
    );
  }),
);
