import "server-only";
import {
  Prisma,
  type TransactionType,
  type Wallet,
  type WalletHoldKind,
} from "@/lib/generated/prisma/client";
import { MAX_BALANCE_CENTS } from "@/lib/money";
import type { Tx } from "@/lib/server/platform/transaction";
import { AppError } from "@/lib/server/platform/errors";

/** Said to a buyer whose wallet is on hold, by why (docs/money.md, "Disputes", "Card refunds"). */
export const WALLET_ON_HOLD_MESSAGE = {
  dispute:
    "Your wallet is on hold while a card payment is disputed. Nothing can be paid from it until the dispute is resolved; contact support if you have questions.",
  refund:
    "Your wallet is on hold: a card top-up was refunded to your card after its money was spent. Nothing can be paid from it until support settles it; contact support if you have questions.",
} as const;

/** Why the wallet `w` is on hold (its oldest open hold's kind), as SQL; null when it is not. */
export const openHoldKind = Prisma.sql`(CASE WHEN w."onHold" THEN (
  SELECT h."kind" FROM "WalletHold" h WHERE h."userId" = w."userId" AND h."releasedAt" IS NULL
  ORDER BY h."createdAt" LIMIT 1) END)`;

export type LedgerEntry = { type: TransactionType; description: string; reference: string };

/** How the database spells each ledger type (Prisma's `top_up` is `top-up` there), for raw SQL. */
export const LEDGER_TYPE_IN_DB: Record<TransactionType, string> = {
  top_up: "top-up",
  order: "order",
  refund: "refund",
  adjustment: "adjustment",
  share: "share",
};

/**
 * How a balance changes inside a business transaction (see docs/money.md; a top-up, which has no
 * other write, is the same UPDATE and ledger row in one statement of its own): one conditional
 * UPDATE that can never take the balance below 0 or above `MAX_BALANCE_CENTS` (the one cap, in
 * lib/money.ts), and the signed ledger row in the same transaction, so the balance always equals
 * the sum of the ledger.
 * Concurrent callers queue on the wallet's row lock and Postgres re-checks the WHERE clause after
 * the wait. Returns the wallet as it is now, or null when refused; the caller decides the message.
 * A debit from a wallet on hold (a disputed card payment) throws `wallet_frozen` instead. The
 * wallet must exist (ensureWallet).
 */
export async function applyBalanceChange(
  tx: Tx,
  userId: number,
  deltaCents: number,
  entry: LedgerEntry,
): Promise<{ wallet: Wallet } | null> {
  const wallet = await applyLedgerEntries(tx, userId, [{ deltaCents, ...entry }]);
  return wallet ? { wallet } : null;
}

/**
 * Several ledger rows (a checkout pays one per farm order) in ONE statement: the balance moves by
 * their sum under the same condition, and the rows are written in the order given, all or none.
 */
export async function applyLedgerEntries(
  tx: Tx,
  userId: number,
  entries: (LedgerEntry & { deltaCents: number })[],
): Promise<Wallet | null> {
  for (const e of entries)
    if (!Number.isSafeInteger(e.deltaCents) || e.deltaCents === 0)
      throw new Error(`Bad ledger amount ${e.deltaCents}`);
  if (!entries.length) throw new Error("No ledger entries");
  const total = entries.reduce((sum, e) => sum + e.deltaCents, 0);
  // The app's clock, as Prisma's own inserts use for @default(now()).
  const at = new Date();
  const rows = await tx.$queryRaw<Wallet[]>`
    WITH w AS (
      UPDATE "Wallet" SET "balanceCents" = "balanceCents" + ${total}
      WHERE "userId" = ${userId}
        AND "balanceCents"::bigint + ${total} BETWEEN 0 AND ${MAX_BALANCE_CENTS}
        AND (${total}::int >= 0 OR NOT "onHold")
      RETURNING *
    ), ledger AS (
      INSERT INTO "Transaction" ("userId", "type", "amountCents", "description", "reference", "timestamp")
      SELECT ${userId}, e."type"::"TransactionType", e."amountCents", e."description", e."reference", ${at}
      FROM w, unnest(${entries.map((e) => LEDGER_TYPE_IN_DB[e.type])}::text[], ${entries.map((e) => e.deltaCents)}::int[],
                     ${entries.map((e) => e.description)}::text[], ${entries.map((e) => e.reference)}::text[])
             WITH ORDINALITY AS e("type", "amountCents", "description", "reference", "n")
      ORDER BY e."n"
    )
    SELECT * FROM w`;
  if (!rows[0] && total < 0) {
    // The UPDATE re-reads the flag on the newest row after any lock wait: a hold that committed
    // first always refuses the debit.
    const [held] = await tx.$queryRaw<{ onHold: boolean; kind: WalletHoldKind | null }[]>`
      SELECT w."onHold", ${openHoldKind} AS "kind" FROM "Wallet" w WHERE w."userId" = ${userId}`;
    if (held?.onHold)
      throw new AppError("wallet_frozen", WALLET_ON_HOLD_MESSAGE[held.kind ?? "dispute"]);
  }
  return rows[0] ?? null;
}
