import { securityApi } from "@/lib/contracts/security";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { endOtherSessions, listSessions } from "@/lib/server/auth/sessions";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.sessions, ({ req, user }) =>
    listSessions(user.id, sessionCookieOf(req)?.value),
  ),
  route(securityApi.endOtherSessions, ({ req, user }) =>
    endOtherSessions(user.id, sessionCookieOf(req)?.value),
  ),
);
