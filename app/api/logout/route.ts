import { route, json } from "@/lib/server/http/route";
import { clearSessionCookieHeader, destroySessionCookie, isSecureRequest, sessionCookieOf, SESSION_COOKIE } from "@/lib/server/auth/session";

/** Deletes the session row, so the old cookie value is dead even if replayed. */
export const POST = route({}, async ({ req }) => {
  const c = sessionCookieOf(req);
  await destroySessionCookie(c?.value, c?.name ?? SESSION_COOKIE);
  const secure = isSecureRequest(req);
  return json({ success: true }, { status: 200, headers: { "set-cookie": clearSessionCookieHeader(c?.name ?? SESSION_COOKIE, secure) } });
});
