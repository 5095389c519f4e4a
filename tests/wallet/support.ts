import { afterEach, expect } from "vitest";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import * as topupRoute from "@/app/api/transactions/topup/route";
import * as ordersRoute from "@/app/api/orders/route";

/**
 * docs/money.md: after EVERY test, every wallet's balance equals the sum of its ledger, no ledger
 * exists without a wallet, and no balance or stock is negative.
 */
export function checkLedgerAfterEach() {
  afterEach(async () => {
    const mismatched = await db.$queryRaw<{ userId: number; balance: number; ledger: number }[]>`
      SELECT u."id" AS "userId",
             COALESCE(w."balanceCents", 0)::int AS "balance",
             COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = u."id"), 0)::int AS "ledger"
      FROM "User" u LEFT JOIN "Wallet" w ON w."userId" = u."id"
      WHERE COALESCE(w."balanceCents", 0) <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = u."id"), 0)
         OR COALESCE(w."balanceCents", 0) < 0`;
    expect(mismatched).toEqual([]);
    const negativeStock = await db.product.count({ where: { stock: { lt: 0 } } });
    expect(negativeStock).toBe(0);
  });
}

export function topUp(cookie: string, amount: unknown, key?: string) {
  return call(topupRoute.POST, "/api/transactions/topup", {
    body: { amount },
    cookie,
    headers: key ? { "idempotency-key": key } : {},
  });
}

export function placeOrder(cookie: string, items: unknown, key?: string) {
  return call(ordersRoute.POST, "/api/orders", {
    body: { items },
    cookie,
    headers: key ? { "idempotency-key": key } : {},
  });
}

export async function balanceCents(userId: number): Promise<number> {
  return (await db.wallet.findUnique({ where: { userId } }))?.balanceCents ?? 0;
}
