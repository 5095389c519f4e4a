import { opsApi } from "@/lib/contracts/ops";
import { relyingPartyOf } from "@/lib/server/auth/passkeys";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { stepUp } from "@/lib/server/auth/step-up";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";
import { requestMeta } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.stepUp, ({ req, user, body }) =>
    stepUp(
      user.id,
      body,
      requestMeta(req),
      sessionCookieOf(req)?.value,
      relyingPartyOf(appOrigin(req)),
    ),
  ),
);
