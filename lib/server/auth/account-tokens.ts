import "server-only";
import crypto from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import { authSecret } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";

/**
 * One-time links of the account flows (docs/accounts.md, "Links"): `verify_email` (24 h) and
 * `password_reset` (30 min). A token is HMAC-SHA256(AUTH_SECRET, purpose:nonce) in base64url; the
 * row keeps the nonce and the token's SHA-256, so the email can be composed at send time from the
 * outbox while a copy of the table alone opens nothing. A token is used by one conditional UPDATE
 * (unused and unexpired), so two clicks racing use it once.
 */
export type TokenPurpose = "verify_email" | "password_reset";
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600_000,
  password_reset: 30 * 60_000,
};

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function tokenOf(purpose: string, nonce: string): string {
  return crypto
    .createHmac("sha256", authSecret())
    .update(`account:${purpose}:${nonce}`)
    .digest("base64url");
}

/** Writes a new link for `userId` at `email` in the caller's transaction; returns its row id. */
export async function issueToken(
  tx: Tx,
  purpose: TokenPurpose,
  user: { id: number; email: string },
  now = new Date(),
): Promise<number> {
  const nonce = crypto.randomBytes(24).toString("base64url");
  const row = await tx.accountToken.create({
    data: {
      userId: user.id,
      purpose,
      nonce,
      tokenHash: sha256(tokenOf(purpose, nonce)),
      email: user.email,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * The insert of a new link for each user that `users` (SQL answering "id", "email") finds, as the
 * body of a CTE answering "id", "userId": the password-reset request writes its link and its email
 * in one statement, so it costs the same whether the address has an account or not.
 */
export function tokenInsertFor(
  users: Prisma.Sql,
  purpose: TokenPurpose,
  now = new Date(),
): Prisma.Sql {
  const nonce = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
  return Prisma.sql`
    INSERT INTO "AccountToken" ("userId", "purpose", "nonce", "tokenHash", "email", "expiresAt", "createdAt")
    SELECT u."id", ${purpose}, ${nonce}, ${sha256(tokenOf(purpose, nonce))}, u."email", ${expiresAt}, ${now}
    FROM (${users}) u
    RETURNING "id", "userId"`;
}

export const LINK_EXPIRED = "This link has expired or was used already. Ask for a new one.";

/**
 * Uses a link: marks it used if it is this purpose's, unused and unexpired, in the caller's
 * transaction, and returns whose it is; anything else is 410 `link_expired`.
 */
export async function useToken(
  tx: Tx,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<{ userId: number; email: string }> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("link_expired", LINK_EXPIRED);
  const tokenHash = sha256(token);
  const { count } = await tx.accountToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw new AppError("link_expired", LINK_EXPIRED);
  return tx.accountToken.findUniqueOrThrow({
    where: { tokenHash },
    select: { userId: true, email: true },
  });
}

/** Ends every open link of one purpose (a password changed: old reset links die with it). */
export async function retireTokens(
  tx: Tx,
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<void> {
  await tx.accountToken.updateMany({
    where: { userId, purpose, usedAt: null },
    data: { usedAt: now },
  });
}

/** The link of an outbox row, while it can still be used (null: used, expired or gone). */
export async function liveLink(
  tokenId: number,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<{ token: string; email: string; userId: number } | null> {
  const row = await db.accountToken.findUnique({ where: { id: tokenId } });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now) return null;
  return { token: tokenOf(purpose, row.nonce), email: row.email, userId: row.userId };
}
