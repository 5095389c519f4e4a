import "server-only";
import type { Wallet } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/platform/transaction";
import { generateWalletId } from "./wallet-id";

/**
 * The user's wallet, created on first use (docs/money.md). ON CONFLICT DO NOTHING makes two first
 * uses racing each other safe; a walletId collision (the other unique index) just tries a new id.
 */
export async function ensureWallet(tx: Tx, userId: number): Promise<Wallet> {
  const existing = await tx.wallet.findUnique({ where: { userId } });
  if (existing) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await tx.$queryRaw<Wallet[]>`
      INSERT INTO "Wallet" ("userId", "walletId", "balanceCents")
      VALUES (${userId}, ${generateWalletId()}, 0)
      ON CONFLICT DO NOTHING
      RETURNING *`;
    if (rows[0]) return rows[0];
    const raced = await tx.wallet.findUnique({ where: { userId } });
    if (raced) return raced;
  }
  throw new Error("Could not allocate a unique wallet id");
}
