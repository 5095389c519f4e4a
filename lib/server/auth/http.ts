import "server-only";
import { clientIp } from "@/lib/server/http/client-ip";
import { json } from "@/lib/server/http/route";
import { toPublicUser } from "./serialize";
import { isSecureRequest, sessionCookieHeader } from "./session";
import type { RequestMeta, SignedIn } from "./accounts";

export function requestMeta(req: Request): RequestMeta {
  return { ip: clientIp(req), userAgent: req.headers.get("user-agent"), secure: isSecureRequest(req) };
}

/** The user as JSON plus the session cookie. */
export function signedInResponse({ user, cookie }: SignedIn, status: number, secure: boolean): Response {
  return json(toPublicUser(user), {
    status,
    headers: { "set-cookie": sessionCookieHeader(cookie.name, cookie.value, cookie.expiresAt, secure) },
  });
}
