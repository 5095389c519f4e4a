import "server-only";
import crypto from "node:crypto";
import { dollarsToCents, MAX_BALANCE_CENTS } from "@/lib/money";
import { db } from "@/lib/server/platform/db";
import { AppError } from "@/lib/server/platform/errors";
import { inTransaction } from "@/lib/server/platform/transaction";
import { isUniqueViolation } from "@/lib/server/platform/db";
import {
  requestHash,
  storedAnswer,
  type IdempotentResult,
} from "@/lib/server/platform/idempotency";
import type { TopUpInput } from "@/lib/validators/wallet";
import { ensureWallet } from "./ensure-wallet";
import { generateWalletId } from "./wallet-id";
import { LEDGER_TYPE_IN_DB } from "./ledger";
import { formatCents, serializeTransaction, serializeWallet } from "./serialize";

import type { TopUpResult } from "@/lib/contracts/wallet";

const SCOPE = "wallet.topup";

/**
 * POST /api/transactions/topup: credits the wallet once per Idempotency-Key, in ONE SQL statement
 * (docs/money.md, "Top-up in one statement"), a user's first top-up included: the statement opens
 * the wallet when there is none. The statement is its own transaction: the conditional balance
 * UPDATE (the row lock) or the new wallet's row, the signed ledger row, and the key row holding
 * the answer either all commit or none does, and the wallet row is locked only while that one
 * statement runs and commits. A repeated key fails the key INSERT on its unique index (after the
 * first request with it committed), which undoes the whole statement; the stored answer is then
 * replayed. When the statement changes nothing (the balance cap, a key that was used, or a wallet
 * opened by a concurrent request since the statement's snapshot), `unchanged` finds out why.
 */
export async function topUp(
  userId: number,
  input: TopUpInput,
  idempotencyKey?: string,
): Promise<IdempotentResult<TopUpResult>> {
  const cents = dollarsToCents(input.amount);
  const hash = idempotencyKey ? requestHash(input) : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    let keyTaken = false;
    try {
      const value = await creditOnce(userId, cents, idempotencyKey ?? null, hash);
      if (value) return { value, replayed: false };
    } catch (e) {
      if (!idempotencyKey || !isUniqueViolation(e)) throw e;
      keyTaken = true;
    }
    const why = await unchanged(userId, cents, idempotencyKey, hash, keyTaken);
    if (why !== "retry") return why;
  }
  throw new Error("Top-up did not settle: the wallet or the key row kept changing");
}

/**
 * The answer is built by the serializers with placeholders for what only the statement knows
 * (the wallet's id and new balance, the ledger row's id), which it fills in with jsonb_set; so the
 * first answer and a replay are the same bytes. `opened` inserts the wallet only when `credited`
 * found none in the statement's snapshot (so no wallet id is spent on a wallet that exists); if a
 * concurrent request opened it meanwhile, ON CONFLICT leaves both CTEs empty and the top-up runs
 * again. Before, a first top-up read the key, the wallet, then opened the wallet in a transaction
 * of its own and ran the statement again: seven round trips, with the new wallet's index entry
 * held across them, which under load made the first top-ups of new users the slowest of all.
 */
async function creditOnce(
  userId: number,
  cents: number,
  key: string | null,
  hash: string | null,
): Promise<TopUpResult | null> {
  const timestamp = new Date();
  const entry = {
    type: "top_up" as const,
    description: "Wallet top-up",
    reference: `TOP-${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
  };
  const template: TopUpResult = {
    wallet: serializeWallet({ walletId: "", balanceCents: 0 }),
    transaction: serializeTransaction({ id: 0, userId, amountCents: cents, timestamp, ...entry }),
  };
  const rows = await db.$queryRaw<{ body: TopUpResult }[]>`
    WITH credited AS (
      UPDATE "Wallet" SET "balanceCents" = "balanceCents" + ${cents}
      WHERE "userId" = ${userId} AND "balanceCents"::bigint + ${cents} BETWEEN 0 AND ${MAX_BALANCE_CENTS}
      RETURNING "walletId", "balanceCents"
    ), opened AS (
      INSERT INTO "Wallet" ("userId", "walletId", "balanceCents")
      SELECT ${userId}, ${generateWalletId()}, ${cents}
      WHERE ${cents} BETWEEN 0 AND ${MAX_BALANCE_CENTS} AND NOT EXISTS (SELECT 1 FROM "Wallet" WHERE "userId" = ${userId})
      ON CONFLICT DO NOTHING
      RETURNING "walletId", "balanceCents"
    ), w AS (
      SELECT * FROM credited UNION ALL SELECT * FROM opened
    ), t AS (
      INSERT INTO "Transaction" ("userId", "type", "amountCents", "description", "reference", "timestamp")
      SELECT ${userId}, ${LEDGER_TYPE_IN_DB.top_up}::"TransactionType", ${cents}, ${entry.description}, ${entry.reference}, ${timestamp} FROM w
      RETURNING "id"
    ), answer AS (
      SELECT jsonb_set(jsonb_set(jsonb_set(${JSON.stringify(template)}::jsonb,
        '{wallet,walletId}', to_jsonb(w."walletId")),
        '{wallet,balance}', to_jsonb(w."balanceCents"::numeric / 100)),
        '{transaction,id}', to_jsonb(t."id")) AS body
      FROM w, t
    ), k AS (
      INSERT INTO "IdempotencyKey" ("userId", "scope", "key", "requestHash", "responseBody")
      SELECT ${userId}, ${SCOPE}, ${key}, ${hash}, answer.body FROM answer WHERE ${key}::text IS NOT NULL
    )
    SELECT body FROM answer`;
  return rows[0]?.body ?? null;
}

/**
 * Why the statement changed nothing: a used key (replayed, or 409 for another body), no wallet yet
 * (created, then "retry"), or the cap. `keyTaken`: the key INSERT collided, yet its row may have
 * been purged since (24 h retention), so without a row the top-up simply runs again. A wallet
 * created (or a balance lowered) by another request since the statement ran is a "retry" too.
 */
async function unchanged(
  userId: number,
  cents: number,
  key: string | undefined,
  hash: string | null,
  keyTaken: boolean,
): Promise<IdempotentResult<TopUpResult> | "retry"> {
  if (key) {
    const stored = await storedAnswer<TopUpResult>(db, userId, SCOPE, key, hash!);
    if (stored) return stored;
    if (keyTaken) return "retry";
  }
  const wallet = await db.wallet.findUnique({ where: { userId }, select: { balanceCents: true } });
  if (!wallet) {
    await inTransaction((tx) => ensureWallet(tx, userId));
    return "retry";
  }
  if (wallet.balanceCents + cents <= MAX_BALANCE_CENTS) return "retry";
  throw new AppError(
    "wallet_limit",
    `Top-up refused: a wallet can hold at most ${formatCents(MAX_BALANCE_CENTS)}`,
  );
}
