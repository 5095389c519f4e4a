import { securityApi } from "@/lib/contracts/security";
import { requestMeta } from "@/lib/server/http/session-cookie";
import { changePassword } from "@/lib/server/auth/password-change";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.changePassword, ({ req, user, body }) =>
    changePassword(user.id, body, requestMeta(req), sessionCookieOf(req)?.value),
  ),
);
