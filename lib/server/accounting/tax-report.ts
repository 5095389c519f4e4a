import "server-only";
import { DateTime } from "luxon";
import { percentLabel } from "@/lib/commission";
import { db } from "@/lib/server/platform/db";
import { gstRateAt } from "@/lib/server/tax/rates";
import { zoneOf } from "@/lib/server/tz-zone";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import { csvAmount, toCsv, type CsvCell } from "@/lib/server/platform/csv";
import { taxesOf, taxOf } from "@/lib/tax";
import type { SessionUser } from "@/lib/server/auth/session";
import type { ReportPeriodInput } from "@/lib/validators/farm";
import type { TaxReportJson } from "@/lib/contracts/farm";
import { requireOwnFarm } from "@/lib/server/farm/access";

/**
 * GET /api/my-farm/reports/tax (docs/money.md, "Taxes"): what the farm's GST/PST return needs for
 * a period of days in the farm's zone: the orders completed in it, their sales before tax, the
 * taxes collected per tax (as charged: each order's stored lines), Fieldfare's commission on them
 * (the ledger's rows) and the GST on that commission, at the standard rate in force at the end.
 */
export async function taxReport(user: SessionUser, q: ReportPeriodInput): Promise<TaxReportJson> {
  const own = await requireOwnFarm(user);
  const farm = await db.farm.findUniqueOrThrow({
    where: { id: own.id },
    select: { timeZone: true },
  });
  const zone = zoneOf(farm.timeZone);
  const start = DateTime.fromISO(q.from, { zone }).startOf("day").toJSDate();
  const end = DateTime.fromISO(q.to, { zone }).plus({ days: 1 }).startOf("day").toJSDate();
  const orders = await db.order.findMany({
    where: { farmId: own.id, status: "completed", completedAt: { gte: start, lt: end } },
    select: { id: true, totalCents: true, taxes: true },
  });
  return taxReportOf(own.id, q, orders, end);
}

/** The tax report of the period's completed orders. */
async function taxReportOf(
  farmId: number,
  q: ReportPeriodInput,
  orders: { id: number; totalCents: number; taxes: unknown }[],
  end: Date,
): Promise<TaxReportJson> {
  const [commission, gstRateBps] = await Promise.all([
    orders.length
      ? db.farmLedgerEntry.aggregate({
          where: { farmId, type: "commission", orderId: { in: orders.map((o) => o.id) } },
          _sum: { amountCents: true },
        })
      : { _sum: { amountCents: 0 } },
    // The rate in force at the period's last instant (timestamps are whole milliseconds).
    gstRateAt(db, new Date(end.getTime() - 1)),
  ]);

  const perTax = new Map<string, { rateBps: number; cents: number }>();
  let sales = 0;
  let taxableSales = 0;
  for (const o of orders) {
    const taxes = taxesOf(o.taxes);
    const taxCents = taxes.reduce((s, t) => s + t.amountCents, 0);
    sales += o.totalCents - taxCents;
    if (taxes.some((t) => t.name === "GST")) taxableSales += o.totalCents - taxCents;
    for (const t of taxes) {
      const sum = perTax.get(t.name) ?? { rateBps: t.rateBps, cents: 0 };
      sum.cents += t.amountCents;
      perTax.set(t.name, sum);
    }
  }
  const commissionCents = -(commission._sum.amountCents ?? 0);
  return {
    from: q.from,
    to: q.to,
    orders: orders.length,
    sales: centsToDollars(sales),
    taxableSales: centsToDollars(taxableSales),
    taxes: [...perTax].map(([name, t]) => ({
      name,
      rate: t.rateBps / 10_000,
      amount: centsToDollars(t.cents),
    })),
    commission: centsToDollars(commissionCents),
    gstOnCommission: centsToDollars(taxOf(commissionCents, gstRateBps)),
  };
}

/** The tax summary as CSV, one figure a row, dollars with 2 decimals (GET …/reports/tax?format=csv). */
export function taxReportCsv(report: TaxReportJson) {
  const money = (dollars: number) => csvAmount(dollarsToCents(dollars));
  const rows: CsvCell[][] = [
    ["Period from", report.from],
    ["Period to", report.to],
    ["Orders completed", report.orders],
    ["Sales before tax", money(report.sales)],
    ["Sales that carried GST", money(report.taxableSales)],
    ...report.taxes.map((t) => [`${t.name} collected (${percentLabel(t.rate)})`, money(t.amount)]),
    ["Fieldfare commission", money(report.commission)],
    ["GST paid on commission", money(report.gstOnCommission)],
  ];
  return {
    filename: `fieldfare-tax-summary-${report.from}-to-${report.to}.csv`,
    csv: toCsv(["figure", "amount"], rows),
  };
}
