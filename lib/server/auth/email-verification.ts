import "server-only";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { consume } from "@/lib/server/platform/rate-limit";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { enqueueAccountEmail } from "@/lib/server/notifications/account-emails";
import { issueToken, useToken } from "./account-tokens";

/**
 * Verified email (docs/accounts.md): registration mails a link to /auth/verify; until it is used,
 * the address gets nothing but account emails. Verified = an EmailVerification row naming the
 * user's current email.
 */
const HOUR = 3600_000;

/** Queues a verification link for the user's email in the caller's transaction. */
export async function queueVerification(
  tx: Tx,
  user: { id: number; email: string },
  now = new Date(),
): Promise<void> {
  const tokenId = await issueToken(tx, "verify_email", user, now);
  await enqueueAccountEmail(tx, user.id, "verify_email", tokenId);
}

export async function isEmailVerified(userId: number): Promise<boolean> {
  const [user, v] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { email: true } }),
    db.emailVerification.findUnique({ where: { userId }, select: { email: true } }),
  ]);
  return !!user && v?.email === user.email;
}

/** The banner's "Resend": a new link (the old ones still work until they expire), throttled per user. */
export async function resendVerification(
  user: { id: number; email: string },
  now = new Date(),
): Promise<{ success: true }> {
  if (await isEmailVerified(user.id)) return { success: true };
  await consume(
    `verify-send:${user.id}`,
    { max: env().ACCOUNT_EMAILS_PER_ADDRESS_HOUR, windowMs: HOUR },
    {
      message: "We sent several links already. Please check your inbox or try again later.",
      log: `verification emails for user=${user.id}`,
    },
  );
  await inTransaction((tx) => queueVerification(tx, user, now));
  return { success: true };
}

/** Marks `email` as verified for the user (idempotent), in the caller's transaction. */
export async function markVerified(tx: Tx, userId: number, email: string, now = new Date()) {
  await tx.emailVerification.upsert({
    where: { userId },
    create: { userId, email, verifiedAt: now },
    update: { email, verifiedAt: now },
  });
}

/** POST /api/email/verify: uses the link (throttled per client address; a link works once). */
export async function verifyEmail(
  token: string,
  ip: string,
  now = new Date(),
): Promise<{ success: true }> {
  await consumeLinkAttempt(ip);
  await inTransaction(async (tx) => {
    const link = await useToken(tx, "verify_email", token, now);
    const user = await tx.user.findUnique({ where: { id: link.userId }, select: { email: true } });
    // A link mailed to an address the account no longer uses proves nothing about the new one.
    if (user?.email === link.email) await markVerified(tx, link.userId, link.email, now);
  });
  return { success: true };
}

/** Every use of an account link (verify, reset) from one client address counts, right or wrong. */
export function consumeLinkAttempt(ip: string) {
  return consume(
    `account-link-ip:${ip}`,
    { max: env().ACCOUNT_LIMIT_PER_IP_HOUR, windowMs: HOUR },
    {
      message: "Too many attempts from this address. Please try again later.",
      log: `account link attempts from ip=${ip}`,
    },
  );
}
