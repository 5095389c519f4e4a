import { recordOrderEarnings } from "@/lib/server/payments/farm-ledger";
import { payoutWeek, recordPayoutEntry } from "@/lib/server/payments/payouts";
import type { SeedLog, Tx } from "./types";

const DAY = 86_400_000;

/**
 * The farms' earnings from the seeded completed orders (docs/money.md, "Farm ledger"), and one
 * paid payout of the earliest farm's week, so My Farm → Payouts shows a history and an upcoming
 * payout right after `npm start`. Any farm ledger row is the marker: a second run writes nothing.
 */
export async function ensureFarmEarnings(tx: Tx, now: Date, log: SeedLog): Promise<void> {
  if (await tx.farmLedgerEntry.count()) {
    log("farm earnings: exist");
    return;
  }
  const orders = await tx.order.findMany({
    where: { status: "completed", payment: "wallet", completedAt: { not: null } },
    select: { id: true, farmId: true, completedAt: true, farm: { select: { timeZone: true } } },
    orderBy: [{ completedAt: "asc" }, { id: "asc" }],
  });
  for (const o of orders) await recordOrderEarnings(tx, [o.id], o.completedAt!);
  const first = orders[0];
  if (!first) return;
  // The first payout day whose hold covers the earliest completion, if it has passed.
  const week = payoutWeek(new Date(first.completedAt!.getTime() + 9 * DAY), first.farm.timeZone);
  if (!week || week.cutoff > now || new Date(week.cutoff.getTime() + 2 * DAY) > now) {
    log(`farm earnings: ${orders.length} order(s)`);
    return;
  }
  const paidAt = new Date(week.cutoff.getTime() + 2 * DAY);
  const rows = await tx.farmLedgerEntry.findMany({
    where: { farmId: first.farmId, payoutId: null, createdAt: { lt: week.cutoff } },
  });
  const amountCents = rows.reduce((s, r) => s + r.amountCents, 0);
  if (amountCents > 0) {
    const payout = await tx.payout.create({
      data: {
        farmId: first.farmId,
        periodEnd: week.periodEnd,
        amountCents,
        status: "paid",
        reference: `E-TRANSFER-${week.periodEnd.replaceAll("-", "")}`,
        createdAt: paidAt,
        paidAt,
      },
    });
    await tx.farmLedgerEntry.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { payoutId: payout.id },
    });
    await recordPayoutEntry(tx, payout, paidAt);
  }
  log(`farm earnings: ${orders.length} order(s), 1 paid payout`);
}
