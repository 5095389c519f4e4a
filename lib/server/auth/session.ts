import "server-only";
import crypto from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { db } from "@/lib/server/db";
import { authSecret, env } from "@/lib/server/env";
import type { User } from "@/lib/generated/prisma/client";

/**
 * Sessions: an Auth.js JWT cookie carries a random session id; the id must match a live `Session`
 * row (stored as its SHA-256), so logout and revocation are real. Idle and absolute lifetimes.
 */
export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const idleMs = () => env().SESSION_IDLE_HOURS * 3600_000;
const absoluteMs = () => env().SESSION_ABSOLUTE_DAYS * 86_400_000;

export type SessionUser = Omit<User, "passwordHash">;

export const publicUserSelect = {
  id: true,
  username: true,
  fullName: true,
  email: true,
  phone: true,
  userType: true,
  address: true,
  profileImage: true,
  verified: true,
  createdAt: true,
} as const;

export async function createSession(userId: number, secure: boolean, userAgent?: string | null) {
  const sid = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + absoluteMs());
  await db.session.create({ data: { idHash: sha256(sid), userId, expiresAt, userAgent: userAgent?.slice(0, 300) } });
  const name = sessionCookieName(secure);
  const value = await encode({ token: { sid, sub: String(userId) }, secret: authSecret(), salt: name, maxAge: absoluteMs() / 1000 });
  return { name, value, expiresAt };
}

/** The session id inside a cookie value (null when forged or expired). */
export async function sidOf(value: string, name: string): Promise<string | null> {
  return sidFromCookie(value, name);
}

/** Whether a session id still has a live row (used by the Auth.js jwt callback). */
export async function sidIsLive(sid: string): Promise<boolean> {
  const s = await db.session.findUnique({ where: { idHash: sha256(sid) }, select: { expiresAt: true, lastSeenAt: true } });
  const now = Date.now();
  return !!s && s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + idleMs() > now;
}

async function sidFromCookie(value: string, name: string): Promise<string | null> {
  try {
    const token = await decode({ token: value, secret: authSecret(), salt: name });
    return typeof token?.sid === "string" ? token.sid : null;
  } catch {
    return null;
  }
}

/** Resolves a cookie value to the live session's user, or null (expired, revoked, forged). */
export async function userFromSessionCookie(value: string | undefined, name: string): Promise<SessionUser | null> {
  if (!value) return null;
  const sid = await sidFromCookie(value, name);
  if (!sid) return null;
  const idHash = sha256(sid);
  const session = await db.session.findUnique({ where: { idHash }, include: { user: { select: publicUserSelect } } });
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + idleMs() <= now) {
    await db.session.deleteMany({ where: { idHash } });
    return null;
  }
  // Touch at most once a minute so reads stay cheap.
  if (now - session.lastSeenAt.getTime() > 60_000) {
    await db.session.updateMany({ where: { idHash }, data: { lastSeenAt: new Date(now) } });
  }
  return session.user;
}

export async function destroySessionCookie(value: string | undefined, name: string): Promise<void> {
  if (!value) return;
  const sid = await sidFromCookie(value, name);
  if (sid) await db.session.deleteMany({ where: { idHash: sha256(sid) } });
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** The session cookie of a request: the __Secure- variant first (HTTPS), then the plain one. */
export function sessionCookieOf(req: Request): { name: string; value: string } | null {
  const header = req.headers.get("cookie");
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = readCookie(header, name);
    if (value) return { name, value };
  }
  return null;
}

export async function userFromRequest(req: Request): Promise<SessionUser | null> {
  const c = sessionCookieOf(req);
  return c ? userFromSessionCookie(c.value, c.name) : null;
}

export function isSecureRequest(req: Request): boolean {
  const proto = req.headers.get("x-forwarded-proto");
  return (proto ?? new URL(req.url).protocol.replace(":", "")) === "https";
}

export function sessionCookieHeader(name: string, value: string, expires: Date, secure: boolean): string {
  return [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Expires=${expires.toUTCString()}`, secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

export function clearSessionCookieHeader(name: string, secure: boolean): string {
  return [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", secure ? "Secure" : ""].filter(Boolean).join("; ");
}
