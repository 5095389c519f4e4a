import "server-only";
import crypto from "node:crypto";
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_COOKIES,
  SIGNED_IN_HINT_COOKIE,
} from "@/lib/auth/cookie-names";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { readCookie } from "@/lib/server/platform/cookie";
import type { User } from "@/lib/generated/prisma/client";
import {
  announcementOf,
  cachedSession,
  forgetSession,
  rememberSession,
  sessionCacheEpoch,
  sessionCacheLive,
} from "./session-cache";

/**
 * Database sessions: the cookie holds an opaque random id (256 bits, base64url); the `Session` row
 * stores only its SHA-256, so logout and revocation are real and a database leak reveals no live
 * session. Nothing to decode or derive per request: one hash and one indexed lookup.
 * Idle and absolute lifetimes.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const idleMs = () => env().SESSION_IDLE_HOURS * 3600_000;
const TOUCH_MS = 60_000;
const absoluteMs = () => env().SESSION_ABSOLUTE_DAYS * 86_400_000;

/**
 * Read with the session (docs/accounts.md): `emailVerification` says whether the email is verified,
 * `twoStep` whether two-step sign-in is on, `farm.account` whether the farm set up payouts.
 */
export type SessionUser = Omit<User, "passwordHash"> & {
  emailVerification?: { email: string } | null;
  twoStep?: { enabledAt: Date | null } | null;
  farm?: { account: { stripeAccountId: string | null } | null } | null;
};

export const publicUserSelect = {
  id: true,
  username: true,
  fullName: true,
  email: true,
  phone: true,
  userType: true,
  role: true,
  address: true,
  profileImage: true,
  verified: true,
  createdAt: true,
  emailVerification: { select: { email: true } },
  twoStep: { select: { enabledAt: true } },
  farm: { select: { account: { select: { stripeAccountId: true } } } },
} as const;

export async function createSession(userId: number, secure: boolean, userAgent?: string | null) {
  const sid = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + absoluteMs());
  await db.session.create({
    data: { idHash: sha256(sid), userId, expiresAt, userAgent: userAgent?.slice(0, 300) },
  });
  return { name: sessionCookieName(secure), value: sid, expiresAt };
}

/** 32 random bytes in base64url: anything else in the cookie is not a session (never decoded). */
const SID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
function sidFromCookie(value: string): string | null {
  return SID_SHAPE.test(value) ? value : null;
}

/**
 * Resolves a cookie value to the live session's user, or null (expired, revoked, forged). Answered
 * from this instance's session cache when it holds the session (./session-cache.ts), else from
 * the database, then remembered.
 */
export async function userFromSessionCookie(
  value: string | undefined,
  source?: { from?: "cache" | "db" },
): Promise<SessionUser | null> {
  if (!value) return null;
  const sid = sidFromCookie(value);
  if (!sid) return null;
  const idHash = sha256(sid);
  const now = Date.now();
  const live = sessionCacheLive();
  const hit = live ? cachedSession(idHash) : undefined;
  if (hit) {
    if (hit.expiresAt > now && hit.lastSeenAt + idleMs() > now) {
      if (source) source.from = "cache";
      if (now - hit.lastSeenAt <= TOUCH_MS) return hit.user;
      // The minute's touch also proves the row still exists.
      const { count } = await db.session.updateMany({
        where: { idHash },
        data: { lastSeenAt: new Date(now) },
      });
      if (count === 1) {
        hit.lastSeenAt = now;
        return hit.user;
      }
    }
    forgetSession(idHash);
  }

  if (source) source.from = "db";
  const epoch = sessionCacheEpoch();
  const session = await db.session.findUnique({
    where: { idHash },
    include: { user: { select: publicUserSelect } },
  });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + idleMs() <= now) {
    await db.session.deleteMany({ where: { idHash } });
    return null;
  }
  let lastSeenAt = session.lastSeenAt.getTime();
  // Touch at most once a minute so reads stay cheap.
  if (now - lastSeenAt > TOUCH_MS) {
    await db.session.updateMany({ where: { idHash }, data: { lastSeenAt: new Date(now) } });
    lastSeenAt = now;
  }
  if (live)
    rememberSession(
      idHash,
      { user: session.user, expiresAt: session.expiresAt.getTime(), lastSeenAt, cachedAt: now },
      epoch,
    );
  return session.user;
}

/**
 * Logout: the row goes, this instance forgets it at once, and the answer waits until the
 * database's announcement of the delete has reached the instances' LISTEN connections, so a
 * replayed cookie is refused everywhere from then on.
 */
export async function destroySessionCookie(value: string | undefined): Promise<void> {
  if (!value) return;
  const sid = sidFromCookie(value);
  if (!sid) return;
  const idHash = sha256(sid);
  forgetSession(idHash);
  const announced = announcementOf(idHash);
  const { count } = await db.session.deleteMany({ where: { idHash } }).catch((e: unknown) => {
    announced.cancel();
    throw e;
  });
  if (count === 0) announced.cancel();
  await announced.heard;
}

/** The session cookie of a request: the __Secure- variant first (HTTPS), then the plain one. */
export function sessionCookieOf(req: Request): { name: string; value: string } | null {
  const header = req.headers.get("cookie");
  for (const name of SESSION_COOKIES) {
    const value = readCookie(header, name);
    if (value) return { name, value };
  }
  return null;
}

const resolvedBy = new WeakMap<Request, "cache" | "db">();

export async function userFromRequest(req: Request): Promise<SessionUser | null> {
  const c = sessionCookieOf(req);
  if (!c) return null;
  const source: { from?: "cache" | "db" } = {};
  const user = await userFromSessionCookie(c.value, source);
  if (source.from) resolvedBy.set(req, source.from);
  return user;
}

/** `Server-Timing` for a request whose session was checked: whether memory or the database answered. */
export function sessionTiming(req: Request): string | null {
  const from = resolvedBy.get(req);
  return from ? `session;desc=${from}` : null;
}

/** The Set-Cookie headers of a new session: the session cookie and the signed-in hint beside it. */
export function sessionCookieHeaders(
  name: string,
  value: string,
  expires: Date,
  secure: boolean,
): [string, string] {
  const attrs = (httpOnly: boolean) =>
    [
      "Path=/",
      httpOnly ? "HttpOnly" : "",
      "SameSite=Lax",
      `Expires=${expires.toUTCString()}`,
      secure ? "Secure" : "",
    ].filter(Boolean);
  return [
    [`${name}=${value}`, ...attrs(true)].join("; "),
    [`${SIGNED_IN_HINT_COOKIE}=1`, ...attrs(false)].join("; "),
  ];
}

/** The Set-Cookie headers that end a session in the browser: both cookies, expired. */
export function clearSessionCookieHeaders(name: string, secure: boolean): [string, string] {
  const attrs = (httpOnly: boolean) =>
    [
      "Path=/",
      httpOnly ? "HttpOnly" : "",
      "SameSite=Lax",
      "Max-Age=0",
      secure ? "Secure" : "",
    ].filter(Boolean);
  return [
    [`${name}=`, ...attrs(true)].join("; "),
    [`${SIGNED_IN_HINT_COOKIE}=`, ...attrs(false)].join("; "),
  ];
}

/** Headers carrying several Set-Cookie lines (one header each: a cookie's Expires has a comma). */
export function withCookies(
  cookies: readonly string[],
  headers: Record<string, string> = {},
): Headers {
  const h = new Headers(headers);
  for (const c of cookies) h.append("set-cookie", c);
  return h;
}
