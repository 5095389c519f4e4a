import "server-only";
import crypto from "node:crypto";
import type { SessionJson } from "@/lib/contracts/security";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { notFound } from "@/lib/server/platform/errors";
import { consume } from "@/lib/server/platform/rate-limit";
import { inTransaction } from "@/lib/server/platform/transaction";
import { recordAudit } from "@/lib/server/audit/log";
import { announcementOf, forgetSession } from "./session-cache";

/**
 * Profile → Security's sessions list (docs/accounts.md). A session is shown by a public id derived
 * from its row key (SHA-256 of "session:" + idHash, 32 hex characters): it names the session to
 * its owner without being the key, and the cookie cannot be derived from either.
 */
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const publicIdOf = (idHash: string) => sha256(`session:${idHash}`).slice(0, 32);

/** The row key of a session cookie's value (undefined without one). */
export function sessionHashOf(cookieValue: string | undefined): string | undefined {
  return cookieValue ? sha256(cookieValue) : undefined;
}

export async function listSessions(
  userId: number,
  currentCookie: string | undefined,
): Promise<SessionJson[]> {
  const current = sessionHashOf(currentCookie);
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { idHash: true, createdAt: true, lastSeenAt: true, userAgent: true },
  });
  const idleMs = env().SESSION_IDLE_HOURS * 3600_000;
  return rows
    .filter((r) => r.idHash === current || r.lastSeenAt.getTime() + idleMs > Date.now())
    .map((r) => ({
      id: publicIdOf(r.idHash),
      current: r.idHash === current,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      userAgent: r.userAgent,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends the user's sessions (all, or all but `keep`): each instance forgets them, and the answer
 * waits for the database's announcement so a replayed cookie is refused everywhere (as logout).
 */
export async function endSessionsOf(userId: number, keep?: string): Promise<number> {
  const rows = await db.session.findMany({
    where: { userId, ...(keep ? { idHash: { not: keep } } : {}) },
    select: { idHash: true },
  });
  return endSessions(rows.map((r) => r.idHash));
}

async function endSessions(idHashes: string[]): Promise<number> {
  if (!idHashes.length) return 0;
  const announced = idHashes.map((h) => {
    forgetSession(h);
    return announcementOf(h);
  });
  try {
    const { count } = await db.session.deleteMany({ where: { idHash: { in: idHashes } } });
    if (count === 0) announced.forEach((a) => a.cancel());
    return count;
  } catch (e) {
    announced.forEach((a) => a.cancel());
    throw e;
  } finally {
    await Promise.all(announced.map((a) => a.heard));
  }
}

function throttleSignOuts(userId: number) {
  return consume(
    `session-signout:${userId}`,
    { max: env().SESSION_SIGNOUTS_PER_USER_HOUR, windowMs: 3600_000 },
    {
      message: "Too many sign-outs. Please try again later.",
      log: `session sign-outs by user=${userId}`,
    },
  );
}

/** DELETE /api/sessions/{id}: one of the user's sessions (404 for anyone else's or none). */
export async function endSession(userId: number, publicId: string): Promise<{ success: true }> {
  await throttleSignOuts(userId);
  const rows = await db.session.findMany({ where: { userId }, select: { idHash: true } });
  const match = rows.find((r) => publicIdOf(r.idHash) === publicId);
  if (!match || !(await endSessions([match.idHash]))) throw notFound("Session not found");
  return { success: true };
}

/** DELETE /api/sessions: "Sign out everywhere else". */
export async function endOtherSessions(
  userId: number,
  currentCookie: string | undefined,
): Promise<{ ended: number }> {
  await throttleSignOuts(userId);
  return { ended: await endSessionsOf(userId, sessionHashOf(currentCookie)) };
}

/** The ops console's People screen: a person's live sessions (no "current": staff are not them). */
export async function sessionsOf(userId: number): Promise<Omit<SessionJson, "current">[]> {
  return (await listSessions(userId, undefined)).map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    userAgent: s.userAgent,
  }));
}

/**
 * Staff end one of a person's sessions: deleted with its audit row in one transaction, then, as
 * at logout, the answer waits for the announcement so the cookie is refused everywhere.
 */
export async function revokeSessionByStaff(
  staffId: number,
  userId: number,
  publicId: string,
): Promise<{ success: true }> {
  const rows = await db.session.findMany({
    where: { userId },
    select: { idHash: true, createdAt: true, userAgent: true },
  });
  const match = rows.find((r) => publicIdOf(r.idHash) === publicId);
  if (!match) throw notFound("Session not found");
  forgetSession(match.idHash);
  const announced = announcementOf(match.idHash);
  try {
    const ended = await inTransaction(async (tx) => {
      const { count } = await tx.session.deleteMany({ where: { idHash: match.idHash } });
      if (count === 0) return false;
      await recordAudit(tx, {
        staffId,
        action: "session.revoke",
        target: `user:${userId}`,
        before: {
          session: publicId,
          createdAt: match.createdAt.toISOString(),
          userAgent: match.userAgent,
        },
        after: { session: null },
      });
      return true;
    });
    if (!ended) {
      announced.cancel();
      throw notFound("Session not found");
    }
  } catch (e) {
    announced.cancel();
    throw e;
  } finally {
    await announced.heard;
  }
  return { success: true };
}
