import "server-only";
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { db } from "@/lib/server/platform/db";
import { authSecret } from "@/lib/server/platform/env";
import { AppError, badRequest, conflict } from "@/lib/server/platform/errors";
import { release, reset } from "@/lib/server/platform/rate-limit";
import { inTransaction } from "@/lib/server/platform/transaction";
import { consumePasswordBudgets, type RequestMeta, type SignedIn } from "./sign-in";
import { createSession, publicUserSelect, type SessionUser } from "./session";
import { twoStepOn, twoStepRequired } from "./two-step-rule";

/**
 * Two-step sign-in (docs/accounts.md): TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step
 * of drift either way) and ten single-use recovery codes. The secret is stored sealed with
 * AES-256-GCM under a key derived from AUTH_SECRET; recovery codes only as SHA-256. A code is
 * used by one conditional UPDATE (the step must be newer than the last one used; the recovery
 * code must be unused), so a code signs in once however many requests race with it.
 */
const ISSUER = "Fieldfare";
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** How long a password sign-in waits for its second step. */
export const TWO_STEP_PENDING_MS = 5 * 60_000;
export const WRONG_CODE = "That code is not right";
export const TWO_STEP_EXPIRED = "Your sign-in timed out. Please sign in again.";
const TOO_MANY_CODES = "Too many failed attempts. Please try again later.";

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const sealKey = () =>
  Buffer.from(crypto.hkdfSync("sha256", authSecret(), "", "two-step-secret", 32));

function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".");
}

function unseal(sealed: string): string {
  const [iv, body, tag] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

const totpOf = (base32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), period: PERIOD });

/** `ABCDE-FGHIJ` (base32, 50 bits); typed in any case, with or without the dash. */
function newRecoveryCode(): string {
  const raw = new Secret({ size: 7 }).base32.slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const normalRecovery = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();
const recoveryHash = (userId: number, code: string) =>
  sha256(`recovery:${userId}:${normalRecovery(code)}`);

export type TwoStepStatus = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

export async function twoStepStatus(user: SessionUser): Promise<TwoStepStatus> {
  const recoveryCodesLeft = await db.recoveryCode.count({
    where: { userId: user.id, usedAt: null },
  });
  return { enabled: twoStepOn(user), required: twoStepRequired(user), recoveryCodesLeft };
}

/** A new secret to scan (not on until a code from it is confirmed); replaces an unconfirmed one. */
export async function startTwoStepSetup(
  user: SessionUser,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const existing = await db.twoStep.findUnique({
    where: { userId: user.id },
    select: { enabledAt: true },
  });
  if (existing?.enabledAt) throw conflict("Two-step sign-in is on already");
  const secret = new Secret({ size: 20 }).base32;
  await db.twoStep.upsert({
    where: { userId: user.id },
    create: { userId: user.id, secret: seal(secret) },
    update: { secret: seal(secret), lastStep: null },
  });
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Counts a code attempt against the sign-in budgets (this account from this address, and the address). */
async function codeBudget(userId: number, meta: RequestMeta) {
  const accountKey = `login-account:${userId}:${meta.ip}`;
  const ipKey = await consumePasswordBudgets(
    meta,
    accountKey,
    TOO_MANY_CODES,
    `two-step code failures for one account from ip=${meta.ip}`,
  );
  return {
    accepted: () => Promise.all([release(ipKey), reset(accountKey)]),
  };
}

/** The TOTP step `code` is valid for (one step of drift either way), or null. */
function stepOf(sealedSecret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(unseal(sealedSecret)), period: PERIOD });
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Uses a code of a user with two-step on: a TOTP code whose step is newer than the last one used,
 * or an unused recovery code. True when it was accepted (and is now spent).
 */
async function spendCode(userId: number, code: string, now: Date): Promise<boolean> {
  const row = await db.twoStep.findUnique({ where: { userId } });
  if (!row?.enabledAt) return false;
  const step = stepOf(row.secret, code, now);
  if (step !== null) {
    const { count } = await db.twoStep.updateMany({
      where: {
        userId,
        enabledAt: { not: null },
        OR: [{ lastStep: null }, { lastStep: { lt: step } }],
      },
      data: { lastStep: step },
    });
    return count === 1;
  }
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: recoveryHash(userId, code), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Turns two-step on with a code from the new secret; answers the ten recovery codes, shown once. */
export async function enableTwoStep(
  userId: number,
  code: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const row = await db.twoStep.findUnique({ where: { userId } });
  if (row?.enabledAt) throw conflict("Two-step sign-in is on already");
  if (!row) throw conflict("Start setting up two-step sign-in first");
  const budget = await codeBudget(userId, meta);
  const step = stepOf(row.secret, code, now);
  if (step === null) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await inTransaction(async (tx) => {
    const { count } = await tx.twoStep.updateMany({
      where: { userId, enabledAt: null, secret: row.secret },
      data: { enabledAt: now, lastStep: step },
    });
    if (count !== 1) throw conflict("Two-step sign-in changed meanwhile. Please start again.");
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ userId, codeHash: recoveryHash(userId, c) })),
    });
  });
  await budget.accepted();
  return { recoveryCodes };
}

/** Turns two-step off; asks for a code (or a recovery code) first. */
export async function disableTwoStep(
  userId: number,
  code: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<{ success: true }> {
  const row = await db.twoStep.findUnique({ where: { userId }, select: { enabledAt: true } });
  if (!row?.enabledAt) throw conflict("Two-step sign-in is off already");
  const budget = await codeBudget(userId, meta);
  if (!(await spendCode(userId, code, now))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  await inTransaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.twoStep.deleteMany({ where: { userId } });
  });
  await budget.accepted();
  return { success: true };
}

/** Checks a code for the ops step-up (docs/operations.md): 400 when it is not right. */
export async function checkCode(userId: number, code: string, now = new Date()): Promise<void> {
  if (!(await spendCode(userId, code, now))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
}

/**
 * A password sign-in of an account with two-step on stops here: a random token for the two-step
 * cookie (only its SHA-256 is stored), good for one second step within 5 minutes.
 */
export async function startTwoStepSignIn(
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TWO_STEP_PENDING_MS);
  await db.authChallenge.create({
    data: { purpose: "two_step", key: sha256(token), userId, expiresAt },
  });
  return { token, expiresAt };
}

/** The second step: a code for the pending sign-in of the two-step cookie; then the session. */
export async function completeTwoStepSignIn(
  token: string | undefined,
  code: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<SignedIn> {
  const expired = new AppError("unauthenticated", TWO_STEP_EXPIRED);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw expired;
  const key = sha256(token);
  const pending = await db.authChallenge.findUnique({ where: { key } });
  if (!pending?.userId || pending.purpose !== "two_step" || pending.expiresAt <= now) throw expired;
  const userId = pending.userId;
  const budget = await codeBudget(userId, meta);
  if (!(await spendCode(userId, code, now))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  // The pending sign-in is used once, even if two right codes race.
  const { count } = await db.authChallenge.deleteMany({ where: { key } });
  if (count !== 1) throw expired;
  await budget.accepted();
  const cookie = await createSession(userId, meta.secure, meta.userAgent);
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: publicUserSelect,
  });
  return { user, cookie };
}
