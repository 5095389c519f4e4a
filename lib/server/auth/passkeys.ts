import "server-only";
import crypto from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { PasskeyJson } from "@/lib/contracts/passkeys";
import { db } from "@/lib/server/platform/db";
import { authSecret, env } from "@/lib/server/platform/env";
import { AppError, badRequest, conflict, notFound } from "@/lib/server/platform/errors";
import { consume, release, reset } from "@/lib/server/platform/rate-limit";
import type { AddPasskeyInput } from "@/lib/validators/passkeys";
import { consumePasswordBudgets, type RequestMeta, type SignedIn } from "./sign-in";
import { createSession, publicUserSelect, type SessionUser } from "./session";

/**
 * Passkeys (docs/accounts.md, "Passkeys"): WebAuthn through @simplewebauthn/server. The relying
 * party is the app's own public origin (`appOrigin`: APP_URL when set), its id that origin's host.
 * Every ceremony's challenge is a row of `AuthChallenge`, taken by one conditional DELETE: single
 * use, 5 minutes. Sign-in asks for a discoverable credential (no username typed) with user
 * verification, so a passkey is both steps of a two-step sign-in.
 */
const RP_NAME = "Fieldfare";
const CHALLENGE_MS = 5 * 60_000;
const MAX_PASSKEYS = 20;
export const PASSKEY_FAILED = "This passkey could not sign you in";
export const PASSKEY_EXPIRED = "The passkey request timed out. Please try again.";

/** PublicKeyCredential{Creation,Request}OptionsJSON, as the contract's loose object. */
type OptionsJson = { challenge: string; [key: string]: unknown };

export type RelyingParty = { id: string; origin: string };
export const relyingPartyOf = (origin: string): RelyingParty => ({
  id: new URL(origin).hostname,
  origin,
});

/** The WebAuthn user handle: stable per account, and not its id (HMAC under AUTH_SECRET). */
const userHandleOf = (userId: number) =>
  crypto
    .createHmac("sha256", authSecret())
    .update(`passkey-user:${userId}`)
    .digest()
    .subarray(0, 16);

const toJson = (p: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): PasskeyJson => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

async function storeChallenge(purpose: string, challenge: string, userId?: number) {
  await db.authChallenge.create({
    data: { purpose, key: challenge, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) },
  });
}

/** The challenge the browser signed (from clientDataJSON), taken once: false when unknown, used or expired. */
async function takeChallenge(
  purpose: string,
  clientDataJSON: string,
  userId?: number,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as {
        challenge?: unknown;
      }
    ).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string" || challenge.length > 200) return null;
  const { count } = await db.authChallenge.deleteMany({
    where: { key: challenge, purpose, userId: userId ?? null, expiresAt: { gt: new Date() } },
  });
  return count === 1 ? challenge : null;
}

export async function listPasskeys(userId: number): Promise<PasskeyJson[]> {
  const rows = await db.passkey.findMany({
    where: { userId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
  });
  return rows.map(toJson);
}

export async function registrationOptions(
  user: SessionUser,
  rp: RelyingParty,
): Promise<OptionsJson> {
  const existing = await db.passkey.findMany({
    where: { userId: user.id },
    select: { credentialId: true, transports: true },
  });
  if (existing.length >= MAX_PASSKEYS)
    throw conflict(`You have ${MAX_PASSKEYS} passkeys already. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: new Uint8Array(userHandleOf(user.id)),
    attestationType: "none",
    timeout: CHALLENGE_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge("passkey_register", options.challenge, user.id);
  return { ...options };
}

export async function addPasskey(
  user: SessionUser,
  input: AddPasskeyInput,
  rp: RelyingParty,
): Promise<PasskeyJson> {
  const challenge = await takeChallenge(
    "passkey_register",
    input.credential.response.clientDataJSON,
    user.id,
  );
  if (!challenge) throw badRequest(PASSKEY_EXPIRED);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest("This passkey could not be added");
  }
  if (!verified.verified) throw badRequest("This passkey could not be added");
  const c = verified.registrationInfo.credential;
  try {
    const row = await db.passkey.create({
      data: {
        userId: user.id,
        credentialId: c.id,
        publicKey: Buffer.from(c.publicKey),
        counter: BigInt(c.counter),
        transports: c.transports ?? [],
        name: input.name,
      },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    });
    return toJson(row);
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw conflict("This passkey is added already");
    throw e;
  }
}

export async function removePasskey(userId: number, id: number): Promise<{ success: true }> {
  const { count } = await db.passkey.deleteMany({ where: { id, userId } });
  if (count !== 1) throw notFound("Passkey not found");
  return { success: true };
}

/** Options for signing in (or stepping up) with any passkey of this site: no account named. */
export async function authenticationOptions(
  rp: RelyingParty,
  meta: RequestMeta,
): Promise<OptionsJson> {
  const e = env();
  await consume(
    `passkey-options-ip:${meta.ip}`,
    { max: e.LOGIN_MAX_FAILURES_PER_IP, windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 },
    {
      message: "Too many sign-in attempts. Please try again later.",
      log: `passkey sign-in requests from ip=${meta.ip}`,
    },
  );
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: CHALLENGE_MS,
  });
  await storeChallenge("passkey_login", options.challenge);
  return { ...options };
}

/**
 * Verifies a passkey's signature over a sign-in challenge (the challenge is used up either way) and
 * records its use. Answers the passkey's user; `onlyUser` refuses anyone else's passkey (step-up).
 */
async function verifyAssertion(
  credential: AuthenticationResponseJSON,
  rp: RelyingParty,
  meta: RequestMeta,
  onlyUser?: number,
): Promise<number> {
  const failed = new AppError("invalid_credentials", PASSKEY_FAILED);
  const passkey = await db.passkey.findUnique({ where: { credentialId: credential.id } });
  const owner = passkey && (onlyUser === undefined || passkey.userId === onlyUser) ? passkey : null;
  const accountKey = owner
    ? `login-account:${owner.userId}:${meta.ip}`
    : `login-passkey-unknown:${meta.ip}`;
  const ipKey = await consumePasswordBudgets(
    meta,
    accountKey,
    "Too many failed login attempts. Please try again later.",
    `passkey sign-in failures from ip=${meta.ip}`,
  );
  const challenge = await takeChallenge("passkey_login", credential.response.clientDataJSON);
  if (!challenge) throw new AppError("invalid_credentials", PASSKEY_EXPIRED);
  if (!owner) throw failed;
  if (
    credential.response.userHandle &&
    credential.response.userHandle !== Buffer.from(userHandleOf(owner.userId)).toString("base64url")
  )
    throw failed;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: owner.credentialId,
        publicKey: new Uint8Array(owner.publicKey),
        counter: Number(owner.counter),
        transports: owner.transports,
      },
    });
  } catch {
    throw failed;
  }
  if (!verified.verified) throw failed;
  await db.passkey.update({
    where: { id: owner.id },
    data: { counter: BigInt(verified.authenticationInfo.newCounter), lastUsedAt: new Date() },
  });
  await Promise.all([release(ipKey), reset(accountKey)]);
  return owner.userId;
}

/** Signs in with a passkey: the same session as a password sign-in, both steps at once. */
export async function passkeyLogin(
  credential: AuthenticationResponseJSON,
  rp: RelyingParty,
  meta: RequestMeta,
): Promise<SignedIn> {
  const userId = await verifyAssertion(credential, rp, meta);
  const cookie = await createSession(userId, meta.secure, meta.userAgent);
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: publicUserSelect,
  });
  return { user, cookie };
}

/** For the ops step-up: the signed-in user's own passkey, verified. */
export async function checkPasskey(
  userId: number,
  credential: AuthenticationResponseJSON,
  rp: RelyingParty,
  meta: RequestMeta,
): Promise<void> {
  await verifyAssertion(credential, rp, meta, userId);
}
