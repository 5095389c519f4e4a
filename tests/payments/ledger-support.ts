import { expect } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import { commissionCents } from "@/lib/server/payments/farm-ledger";
import { call } from "../support/http";

export const complete = (cookie: string, id: number, key?: string) =>
  call(completeRoute.POST, `/api/my-farm/orders/${id}/complete`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    headers: key ? { "idempotency-key": key } : {},
  });

export { cancelOrder as cancel } from "../support/orders";

/**
 * docs/money.md, "Farm ledger": for these farms, balance = Σ rows; every completed, paid order has
 * exactly one sale (= its total) and one commission (= − the rounded commission on its goods), so
 * sale = commission + net; no other order has earnings rows.
 */
export async function expectFarmLedgerHolds(farmIds: number[]) {
  for (const farmId of farmIds) {
    const account = await db.farmAccount.findUnique({ where: { farmId } });
    const sum = await db.farmLedgerEntry.aggregate({
      where: { farmId },
      _sum: { amountCents: true },
    });
    expect(account?.balanceCents ?? 0, `farm ${farmId} balance = Σ rows`).toBe(
      sum._sum.amountCents ?? 0,
    );
  }
  const orders = await db.order.findMany({
    where: { farmId: { in: farmIds } },
    include: { items: true, statement: { select: { paidAt: true } } },
  });
  const rows = await db.farmLedgerEntry.findMany({ where: { farmId: { in: farmIds } } });
  for (const o of orders) {
    const mine = rows.filter((r) => r.orderId === o.id);
    const earned = o.status === "completed" && (o.payment === "wallet" || !!o.statement?.paidAt);
    if (!earned) {
      expect(mine, `order ${o.id} (${o.status}) has no earnings rows`).toEqual([]);
      continue;
    }
    const goods = o.items.reduce((s, i) => s + i.priceCents * i.quantity, 0);
    const sale = mine.filter((r) => r.type === "sale");
    const commission = mine.filter((r) => r.type === "commission");
    expect(
      sale.map((r) => r.amountCents),
      `order ${o.id} sale`,
    ).toEqual([o.totalCents]);
    expect(
      commission.map((r) => r.amountCents),
      `order ${o.id} commission`,
    ).toEqual([-commissionCents(goods)]);
    const net = mine.reduce((s, r) => s + r.amountCents, 0);
    expect(sale[0].amountCents).toBe(-commission[0].amountCents + net);
  }
}
