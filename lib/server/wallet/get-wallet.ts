import "server-only";
import { Prisma, type WalletHoldKind } from "@/lib/generated/prisma/client";
import { openHoldKind } from "./ledger";
import { db, readRows } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { ensureWallet } from "./ensure-wallet";
import { afterTimeCursor, toTimePage } from "@/lib/server/platform/pagination";
import type { Page, TimeCursor } from "@/lib/validators/page";
import { serializeTransaction, serializeWallet } from "./serialize";
import { type TransactionJson } from "@/lib/contracts/wallet";

/** GET /api/wallet (created on first use). A hot read (readRows): every wallet, checkout and invoices screen asks for it. */
export async function getWallet(userId: number) {
  const [existing] = await readRows<{
    walletId: string;
    balanceCents: number;
    onHold: boolean;
    holdKind: WalletHoldKind | null;
  }>(
    Prisma.sql`SELECT w."walletId", w."balanceCents", w."onHold", ${openHoldKind} AS "holdKind"
               FROM "Wallet" w WHERE w."userId" = ${userId}`,
  );
  return serializeWallet(existing ?? (await inTransaction((tx) => ensureWallet(tx, userId))));
}

/** GET /api/transactions: one page of the user's ledger, newest first (cursor pagination). */
export async function listTransactions(
  userId: number,
  page: { limit: number; cursor?: TimeCursor },
): Promise<Page<TransactionJson>> {
  const rows = await db.transaction.findMany({
    where: { userId, ...afterTimeCursor("timestamp", page.cursor, "desc") },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: page.limit + 1,
  });
  return toTimePage(rows, page.limit, "timestamp", serializeTransaction);
}
