import "server-only";
import { clientIp } from "./client-ip";
import { isSecureRequest } from "./origin";
import { json } from "./route";
import { SESSION_COOKIE } from "@/lib/auth/cookie-names";
import { toPublicUser } from "@/lib/server/auth/serialize";
import {
  clearSessionCookieHeaders,
  destroySessionCookie,
  sessionCookieHeaders,
  sessionCookieOf,
  withCookies,
} from "@/lib/server/auth/session";
import type { RequestMeta, SignedIn } from "@/lib/server/auth/accounts";

export function requestMeta(req: Request): RequestMeta {
  return {
    ip: clientIp(req),
    userAgent: req.headers.get("user-agent"),
    secure: isSecureRequest(req),
  };
}

/** The user as JSON plus the session cookie. */
export function signedInResponse(
  { user, cookie }: SignedIn,
  status: number,
  secure: boolean,
): Response {
  return json(toPublicUser(user), {
    status,
    headers: withCookies(sessionCookieHeaders(cookie.name, cookie.value, cookie.expiresAt, secure)),
  });
}

/** Logout: deletes the session row (the old cookie value is dead even if replayed) and clears the cookie. */
export async function signedOutResponse(req: Request): Promise<Response> {
  const c = sessionCookieOf(req);
  await destroySessionCookie(c?.value);
  return json(
    { success: true },
    {
      headers: withCookies(
        clearSessionCookieHeaders(c?.name ?? SESSION_COOKIE, isSecureRequest(req)),
      ),
    },
  );
}
