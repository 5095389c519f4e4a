import "server-only";
import { formatCents } from "@/lib/money";
import { AppError } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";
import { applyLedgerEntries } from "@/lib/server/wallet/ledger";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";

/**
 * A season member's prepaid balance (docs/shares.md, "Season prepay"): the only module that writes
 * `ShareMembership.prepaidCents` and its ledger. Money only ever moves between the balance and
 * the member's wallet, each movement a pair of rows in one transaction: the membership's ledger
 * row and the wallet's `SHARE-{id}` row, opposite in sign, so prepaid = Σ its rows and the wallet
 * = Σ its ledger both hold. Callers hold the membership's row lock.
 */
export const shareReference = (membershipId: number) => `SHARE-${membershipId}`;

type Member = { id: number; userId: number };

/** Moves `cents` (> 0) from the balance to the wallet; false when the balance holds less. */
export async function prepaidToWallet(
  tx: Tx,
  m: Member,
  cents: number,
  description: string,
): Promise<boolean> {
  const moved = await tx.$executeRaw`
    UPDATE "ShareMembership" SET "prepaidCents" = "prepaidCents" - ${cents}
    WHERE "id" = ${m.id} AND "prepaidCents" >= ${cents}`;
  if (!moved) return false;
  await tx.shareLedgerEntry.create({
    data: { membershipId: m.id, amountCents: -cents, description },
  });
  await ensureWallet(tx, m.userId);
  const wallet = await applyLedgerEntries(tx, m.userId, [
    { deltaCents: cents, type: "share", description, reference: shareReference(m.id) },
  ]);
  if (!wallet)
    throw new AppError("wallet_limit", "Your wallet cannot hold this refund: it is at its limit");
  return true;
}

/** Moves `cents` (> 0) from the wallet to the balance; 409 `insufficient_funds` when it holds less. */
export async function walletToPrepaid(
  tx: Tx,
  m: Member,
  cents: number,
  description: string,
): Promise<void> {
  await ensureWallet(tx, m.userId);
  const wallet = await applyLedgerEntries(tx, m.userId, [
    { deltaCents: -cents, type: "share", description, reference: shareReference(m.id) },
  ]);
  if (!wallet) {
    const current = await tx.wallet.findUnique({ where: { userId: m.userId } });
    throw new AppError(
      "insufficient_funds",
      `Insufficient balance: this costs ${formatCents(cents)} but your wallet holds ${formatCents(current?.balanceCents ?? 0)}. Top up your wallet and try again.`,
    );
  }
  await tx.$executeRaw`
    UPDATE "ShareMembership" SET "prepaidCents" = "prepaidCents" + ${cents} WHERE "id" = ${m.id}`;
  await tx.shareLedgerEntry.create({
    data: { membershipId: m.id, amountCents: cents, description },
  });
}
