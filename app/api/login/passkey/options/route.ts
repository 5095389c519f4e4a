import { passkeysApi } from "@/lib/contracts/passkeys";
import { authenticationOptions, relyingPartyOf } from "@/lib/server/auth/passkeys";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";
import { requestMeta } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.loginOptions, ({ req }) =>
    authenticationOptions(relyingPartyOf(appOrigin(req)), requestMeta(req)),
  ),
);
