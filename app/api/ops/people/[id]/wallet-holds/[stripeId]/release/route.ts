import { opsApi } from "@/lib/contracts/ops";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { requireStepUp } from "@/lib/server/auth/step-up";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { releaseWalletHold } from "@/lib/server/ops/wallet-holds";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.releaseHold, async ({ req, user, params, body, idempotencyKey, headers }) => {
    await requireStepUp(user.id, sessionCookieOf(req)?.value);
    return replayable(
      headers,
      await releaseWalletHold(user.id, params.id, params.stripeId, body.reason, idempotencyKey),
    );
  }),
);
