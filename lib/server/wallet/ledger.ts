import "server-only";
import type { Transaction, TransactionType, Wallet } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/idempotency";

export type LedgerEntry = { type: TransactionType; description: string; reference: string };

/**
 * How a balance changes inside a business transaction (see docs/money.md; a top-up, which has no
 * other write, is the same UPDATE and ledger row in one statement): one conditional UPDATE that
 * can never take the balance below 0 (or above `maxBalanceCents`), and the signed ledger row in
 * the same transaction, so the balance always equals the sum of the ledger. Concurrent callers queue on the wallet's row
 * lock and Postgres re-checks the WHERE clause after the wait. Returns null when refused; the
 * caller decides the message. The wallet must exist (ensureWallet).
 */
export async function applyBalanceChange(
  tx: Tx,
  userId: number,
  deltaCents: number,
  entry: LedgerEntry,
  maxBalanceCents = 2_000_000_000,
): Promise<{ wallet: Wallet; transaction: Transaction } | null> {
  if (!Number.isSafeInteger(deltaCents) || deltaCents === 0) throw new Error(`Bad ledger amount ${deltaCents}`);
  const rows = await tx.$queryRaw<Wallet[]>`
    UPDATE "Wallet" SET "balanceCents" = "balanceCents" + ${deltaCents}
    WHERE "userId" = ${userId}
      AND "balanceCents"::bigint + ${deltaCents} BETWEEN 0 AND ${maxBalanceCents}
    RETURNING *`;
  const wallet = rows[0];
  if (!wallet) return null;
  const transaction = await tx.transaction.create({ data: { userId, amountCents: deltaCents, ...entry } });
  return { wallet, transaction };
}
