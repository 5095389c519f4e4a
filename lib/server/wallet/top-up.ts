import "server-only";
import crypto from "node:crypto";
import { dollarsToCents } from "@/lib/money";
import { AppError } from "@/lib/server/errors";
import { withIdempotency } from "@/lib/server/idempotency";
import type { TopUpInput } from "@/lib/validators/wallet";
import { ensureWallet } from "./ensure-wallet";
import { applyBalanceChange } from "./ledger";
import { formatCents, serializeTransaction, serializeWallet } from "./serialize";

/** Keeps a runaway script (or a typo'd loop) from parking unlimited money in one wallet. */
export const MAX_BALANCE_CENTS = 100_000_000; // $1,000,000.00

export type { TopUpResult } from "@/lib/contracts/wallet";
import type { TopUpResult } from "@/lib/contracts/wallet";

/** POST /api/transactions/topup: credits the wallet once per Idempotency-Key. */
export function topUp(userId: number, input: TopUpInput, idempotencyKey?: string) {
  return withIdempotency<TopUpResult>(userId, "wallet.topup", idempotencyKey, input, async (tx) => {
    await ensureWallet(tx, userId);
    const cents = dollarsToCents(input.amount);
    const reference = `TOP-${crypto.randomBytes(5).toString("hex").toUpperCase()}`;
    const done = await applyBalanceChange(
      tx,
      userId,
      cents,
      { type: "top_up", description: "Wallet top-up", reference },
      MAX_BALANCE_CENTS,
    );
    if (!done) throw new AppError("wallet_limit", `Top-up refused: a wallet can hold at most ${formatCents(MAX_BALANCE_CENTS)}`);
    return { wallet: serializeWallet(done.wallet), transaction: serializeTransaction(done.transaction) };
  });
}
