import { opsApi } from "@/lib/contracts/ops";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { requireStepUp } from "@/lib/server/auth/step-up";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { adjustWallet } from "@/lib/server/wallet/adjust";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.adjustWallet, async ({ req, user, params, body, idempotencyKey, headers }) => {
    await requireStepUp(user.id, sessionCookieOf(req)?.value);
    return replayable(
      headers,
      await adjustWallet(user.id, params.id, body.amount, body.reason, idempotencyKey),
    );
  }),
);
