import "server-only";
import { DateTime } from "luxon";
import { percentLabel } from "@/lib/commission";
import { db } from "@/lib/server/platform/db";
import { gstRateAt } from "@/lib/server/tax/rates";
import { zoneOf } from "@/lib/server/tz-zone";
import { centsToDollars } from "@/lib/money";
import { csvAmount, toCsv, type CsvCell } from "@/lib/server/platform/csv";
import { taxesOf, taxOf } from "@/lib/tax";
import type { SessionUser } from "@/lib/server/auth/session";
import type { ReportPeriodInput } from "@/lib/validators/farm";
import type { TaxReportJson } from "@/lib/contracts/farm";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { bookedCommissionCents } from "./figures";

/** The tax report's figures in integer cents: the JSON, the CSV and the accounting exports read these. */
export type TaxFigures = {
  from: string;
  to: string;
  orders: number;
  salesCents: number;
  taxableSalesCents: number;
  taxes: { name: string; rateBps: number; cents: number }[];
  commissionCents: number;
  gstOnCommissionCents: number;
};

/**
 * GET /api/my-farm/reports/tax (docs/money.md, "Taxes"): what the farm's GST/PST return needs for
 * a period of days in the farm's zone: the orders completed in it, their sales before tax, the
 * taxes collected per tax (as charged: each order's stored lines), Fieldfare's commission on them
 * (the ledger's rows) and the GST on that commission, at the standard rate in force at the end.
 */
export async function taxFigures(user: SessionUser, q: ReportPeriodInput): Promise<TaxFigures> {
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
  return taxFiguresOf(q, orders, end);
}

/** The tax figures of the period's completed orders. */
async function taxFiguresOf(
  q: ReportPeriodInput,
  orders: { id: number; totalCents: number; taxes: unknown }[],
  end: Date,
): Promise<TaxFigures> {
  const [commissionCents, gstRateBps] = await Promise.all([
    bookedCommissionCents(orders.map((o) => o.id)),
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
  return {
    from: q.from,
    to: q.to,
    orders: orders.length,
    salesCents: sales,
    taxableSalesCents: taxableSales,
    taxes: [...perTax].map(([name, t]) => ({ name, ...t })),
    commissionCents,
    gstOnCommissionCents: taxOf(commissionCents, gstRateBps),
  };
}

/** The figures as the API's JSON: dollars, converted here and nowhere before. */
export function taxReportJson(f: TaxFigures): TaxReportJson {
  return {
    from: f.from,
    to: f.to,
    orders: f.orders,
    sales: centsToDollars(f.salesCents),
    taxableSales: centsToDollars(f.taxableSalesCents),
    taxes: f.taxes.map((t) => ({
      name: t.name,
      rate: t.rateBps / 10_000,
      amount: centsToDollars(t.cents),
    })),
    commission: centsToDollars(f.commissionCents),
    gstOnCommission: centsToDollars(f.gstOnCommissionCents),
  };
}

/** The tax summary as CSV, one figure a row, dollars with 2 decimals (GET …/reports/tax?format=csv). */
export function taxReportCsv(f: TaxFigures) {
  const rows: CsvCell[][] = [
    ["Period from", f.from],
    ["Period to", f.to],
    ["Orders completed", f.orders],
    ["Sales before tax", csvAmount(f.salesCents)],
    ["Sales that carried GST", csvAmount(f.taxableSalesCents)],
    ...f.taxes.map((t) => [
      `${t.name} collected (${percentLabel(t.rateBps / 10_000)})`,
      csvAmount(t.cents),
    ]),
    ["Fieldfare commission", csvAmount(f.commissionCents)],
    ["GST paid on commission", csvAmount(f.gstOnCommissionCents)],
  ];
  return {
    filename: `fieldfare-tax-summary-${f.from}-to-${f.to}.csv`,
    csv: toCsv(["figure", "amount"], rows),
  };
}
