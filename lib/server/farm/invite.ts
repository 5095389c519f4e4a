import "server-only";
import { recordAudit } from "@/lib/server/audit/log";
import crypto from "node:crypto";
import { db } from "@/lib/server/platform/db";
import { authSecret } from "@/lib/server/platform/env";
import { enqueueFarmInvite } from "@/lib/server/notifications/account-emails";
import { inTransaction } from "@/lib/server/platform/transaction";
import { AppError, forbidden } from "@/lib/server/platform/errors";
import { hashPassword } from "@/lib/server/auth/password";
import { refuseCommonPassword } from "@/lib/server/auth/common-passwords";
import type { SessionUser } from "@/lib/server/auth/session";
import type { FarmerInviteInput, SetPasswordInput } from "@/lib/validators/farm";

/** A sign-in link is good for 7 days and for one use. */
export const INVITE_TTL_MS = 7 * 86_400_000;
/** After signing in with a link, the farmer may set a password (without an old one) for this long. */
export const SET_PASSWORD_WINDOW_MS = 60 * 60_000;

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/**
 * An invite's token: HMAC-SHA256(AUTH_SECRET, its user and expiry), so the invite email can be
 * composed at send time from the row, which keeps only the token's SHA-256.
 */
export function inviteToken(userId: number, expiresAt: Date): string {
  return crypto
    .createHmac("sha256", authSecret())
    .update(`farm_invite:${userId}:${expiresAt.getTime()}`)
    .digest("base64url");
}

export type Invite = { userId: number; farmId: number; token: string; expiresAt: Date };

/**
 * Onboards a farmer from the waitlist (Ops → Farms or `npm run farmer:invite`): the account
 * (userType farmer, address = farm location), the farm, a one-time sign-in token and the invite
 * email carrying it (through the outbox), in one transaction. Only the token's SHA-256 is stored. The account gets a random password nobody knows until the
 * farmer sets one after the first sign-in. An existing email is refused, never overwritten.
 */
export async function inviteFarmer(
  input: FarmerInviteInput,
  now = new Date(),
  staffId: number | null = null,
): Promise<Invite> {
  const existing = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true },
  });
  if (existing)
    throw new AppError(
      "already_exists",
      `An account with the email ${input.email} already exists; nothing was changed.`,
    );
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString("base64url"));
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  try {
    return await inTransaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          fullName: input.farmName,
          userType: "farmer",
          address: input.location,
          passwordHash,
        },
      });
      const farm = await tx.farm.create({
        data: { userId: user.id, farmName: input.farmName, location: input.location },
      });
      const token = inviteToken(user.id, expiresAt);
      await tx.loginToken.create({
        data: { tokenHash: sha256(token), userId: user.id, expiresAt },
      });
      await enqueueFarmInvite(tx, user.id, sha256(token));
      await recordAudit(tx, {
        staffId,
        action: "farm.invite",
        target: `farm:${farm.id}`,
        before: null,
        after: {
          email: input.email,
          farmName: input.farmName,
          location: input.location,
          userId: user.id,
          ...(staffId === null ? { via: "cli" } : {}),
        },
      });
      return { userId: user.id, farmId: farm.id, token, expiresAt };
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002")
      throw new AppError(
        "already_exists",
        `An account with the email ${input.email} already exists; nothing was changed.`,
      );
    throw e;
  }
}

export const claimPath = (token: string) => `/api/my-farm/claim?token=${encodeURIComponent(token)}`;

export function claimUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, "")}${claimPath(token)}`;
}

/**
 * Spends a one-time token: the conditional UPDATE (unused and unexpired) is the check, so two
 * concurrent clicks cannot both sign in. Returns the user id, or null for an unknown, used or
 * expired link (one answer for all three, so a guess learns nothing).
 */
export async function consumeLoginToken(token: string, now = new Date()): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const tokenHash = sha256(token);
  const { count } = await db.loginToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count === 0) return null;
  const row = await db.loginToken.findUniqueOrThrow({
    where: { tokenHash },
    select: { userId: true },
  });
  return row.userId;
}

/** Whether this user signed in with a one-time link recently enough to pick a password without the old one. */
export async function canSetPassword(userId: number, now = new Date()): Promise<boolean> {
  const recent = await db.loginToken.findFirst({
    where: { userId, usedAt: { gt: new Date(now.getTime() - SET_PASSWORD_WINDOW_MS) } },
    select: { tokenHash: true },
  });
  return !!recent;
}

/** Sets the farmer's first password, then retires their sign-in links so the window closes. */
export async function setPasswordAfterClaim(
  user: SessionUser,
  input: SetPasswordInput,
): Promise<void> {
  if (!(await canSetPassword(user.id)))
    throw forbidden(
      "Setting a password here needs a fresh sign-in link. Ask Fieldfare support for a new one.",
    );
  refuseCommonPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.loginToken.deleteMany({ where: { userId: user.id } });
  });
}
