import "server-only";
import { clientIp } from "./client-ip";
import { isSecureRequest } from "./origin";
import { json } from "./route";
import { SESSION_COOKIE, TWO_STEP_COOKIE } from "@/lib/auth/cookie-names";
import { readCookie } from "@/lib/server/platform/cookie";
import { toPublicUser } from "@/lib/server/auth/serialize";
import {
  clearSessionCookieHeaders,
  destroySessionCookie,
  sessionCookieHeaders,
  sessionCookieOf,
  withCookies,
} from "@/lib/server/auth/session";
import type { RequestMeta, SignedIn, TwoStepPending } from "@/lib/server/auth/accounts";

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

const twoStepCookie = (value: string, maxAge: number, secure: boolean) =>
  [
    `${TWO_STEP_COOKIE}=${value}`,
    "Path=/api/login",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAge}`,
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");

/**
 * A sign-in's answer: the user and the session cookie, or, when two-step sign-in is on,
 * `{twoStep: true}` and the cookie of the sign-in waiting for its code.
 */
export function signInAnswer(
  result: SignedIn | TwoStepPending,
  status: number,
  secure: boolean,
): Response {
  if ("twoStep" in result) {
    const maxAge = Math.round((result.twoStep.expiresAt.getTime() - Date.now()) / 1000);
    return json(
      { twoStep: true },
      {
        status,
        headers: withCookies([twoStepCookie(result.twoStep.token, Math.max(1, maxAge), secure)]),
      },
    );
  }
  const { user, cookie } = result;
  return json(toPublicUser(user), {
    status,
    headers: withCookies([
      ...sessionCookieHeaders(cookie.name, cookie.value, cookie.expiresAt, secure),
      twoStepCookie("", 0, secure),
    ]),
  });
}

/** The token of the sign-in waiting for its second step, from the two-step cookie. */
export function twoStepTokenOf(req: Request): string | undefined {
  return readCookie(req.headers.get("cookie"), TWO_STEP_COOKIE);
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
