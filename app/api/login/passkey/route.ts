import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeysApi } from "@/lib/contracts/passkeys";
import { passkeyLogin, relyingPartyOf } from "@/lib/server/auth/passkeys";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";
import { requestMeta, signInAnswer } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.login, async ({ req, body }) => {
    const meta = requestMeta(req);
    const signedIn = await passkeyLogin(
      body.credential as AuthenticationResponseJSON,
      relyingPartyOf(appOrigin(req)),
      meta,
    );
    return signInAnswer(signedIn, 200, meta.secure);
  }),
);
