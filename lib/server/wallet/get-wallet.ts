import "server-only";
import { db } from "@/lib/server/db";
import { inTransaction } from "@/lib/server/idempotency";
import { ensureWallet } from "./ensure-wallet";
import { serializeTransaction, serializeWallet } from "./serialize";

/** GET /api/wallet (created on first use). */
export async function getWallet(userId: number) {
  const existing = await db.wallet.findUnique({ where: { userId } });
  return serializeWallet(existing ?? (await inTransaction((tx) => ensureWallet(tx, userId))));
}

/** GET /api/transactions: the user's ledger, newest first. */
export async function listTransactions(userId: number, limit: number) {
  const rows = await db.transaction.findMany({
    where: { userId },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(serializeTransaction);
}
