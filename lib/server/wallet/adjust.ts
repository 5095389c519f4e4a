import "server-only";
import type { TransactionJson } from "@/lib/contracts/wallet";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import { recordAudit } from "@/lib/server/audit/log";
import { AppError, notFound } from "@/lib/server/platform/errors";
import { withIdempotency, type IdempotentResult } from "@/lib/server/platform/idempotency";
import { ensureWallet } from "./ensure-wallet";
import { applyBalanceChange } from "./ledger";
import { serializeTransaction } from "./serialize";

/**
 * A credit or refund by staff (ops console, docs/operations.md): one signed ledger row
 * `adjustment` carrying the reason, through the ledger's one conditional UPDATE, and its audit
 * row in the same transaction, so the balance still equals the sum of the ledger. A debit that
 * would take the balance below 0 is refused and records nothing. One Idempotency-Key is one
 * adjustment, however many times (or at once) it is sent.
 */
export async function adjustWallet(
  staffId: number,
  userId: number,
  amount: number,
  reason: string,
  idempotencyKey?: string,
): Promise<IdempotentResult<{ balance: number; transaction: TransactionJson }>> {
  const cents = dollarsToCents(amount);
  return withIdempotency(
    staffId,
    `ops.wallet-adjust.${userId}`,
    idempotencyKey,
    { amount, reason },
    async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!user) throw notFound("Person not found");
      await ensureWallet(tx, userId);
      const changed = await applyBalanceChange(tx, userId, cents, {
        type: "adjustment",
        description: `Fieldfare ${cents > 0 ? "credit" : "debit"}: ${reason}`.slice(0, 300),
        reference: `OPS-${Date.now().toString(36).toUpperCase()}`,
      });
      if (!changed)
        throw new AppError(
          cents < 0 ? "insufficient_funds" : "wallet_limit",
          cents < 0
            ? "The wallet holds less than this debit"
            : "This credit would take the wallet past its limit",
        );
      const row = await tx.transaction.findFirstOrThrow({
        where: { userId, type: "adjustment" },
        orderBy: { id: "desc" },
      });
      await recordAudit(tx, {
        staffId,
        action: "wallet.adjust",
        target: `user:${userId}`,
        // From the UPDATE's own result: no other write can fall between the two.
        before: { balanceCents: changed.wallet.balanceCents - cents },
        after: {
          balanceCents: changed.wallet.balanceCents,
          amountCents: cents,
          reason,
          transactionId: row.id,
        },
      });
      return {
        balance: centsToDollars(changed.wallet.balanceCents),
        transaction: serializeTransaction(row),
      };
    },
  );
}
