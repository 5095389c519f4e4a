import { passkeysApi } from "@/lib/contracts/passkeys";
import { addPasskey, listPasskeys, relyingPartyOf } from "@/lib/server/auth/passkeys";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.list, ({ user }) => listPasskeys(user.id)),
  route(passkeysApi.add, ({ req, user, body }) =>
    addPasskey(user, body, relyingPartyOf(appOrigin(req))),
  ),
);
