import { passkeysApi } from "@/lib/contracts/passkeys";
import { registrationOptions, relyingPartyOf } from "@/lib/server/auth/passkeys";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.registrationOptions, ({ req, user }) =>
    registrationOptions(user, relyingPartyOf(appOrigin(req))),
  ),
);
