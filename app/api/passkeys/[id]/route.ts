import { passkeysApi } from "@/lib/contracts/passkeys";
import { removePasskey } from "@/lib/server/auth/passkeys";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(passkeysApi.remove, ({ user, params }) => removePasskey(user.id, params.id)),
);
