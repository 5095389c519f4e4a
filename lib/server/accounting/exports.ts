import "server-only";
import { CURRENCY } from "@/lib/currency";
import { db } from "@/lib/server/platform/db";
import { csvAmount, toCsv, type CsvCell } from "@/lib/server/platform/csv";
import { feeByClass, ratesOf, taxOf, type TaxClassName, type TaxRateRow } from "@/lib/tax";
import type { SessionUser } from "@/lib/server/auth/session";
import type { ReportPeriodInput } from "@/lib/validators/farm";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { taxFigures } from "./tax-report";
import { completedOrders } from "./sales-report";

/*
 * The accounting exports (docs/money.md, "Accounting exports"): the period's sales, Fieldfare's
 * commission and the payouts as invoice lines an accountant imports into QuickBooks Online or
 * Xero without editing them. Every line names its own tax code and carries its own tax amount, so
 * an order of wine and vegetables imports with GST + PST on the wine and nothing on the
 * vegetables. Each line's tax is the order's own formula (lib/tax.ts), so the lines add up to
 * the taxes the order charged, to the cent. No row cap: the file holds the whole period.
 */

export const FIELDFARE_CONTACT = "Fieldfare";
/** Xero account codes of its default chart: the accountant maps them once on import. */
export const XERO_ACCOUNTS = { sales: "200", commission: "404", payout: "610" } as const;

type Kind = keyof typeof XERO_ACCOUNTS;
/** One invoice line, in cents; the formats below only lay it out. */
export type ExportLine = {
  kind: Kind;
  invoiceNo: string;
  contact: string;
  /** YYYY-MM-DD, farm time. */
  date: string;
  dueDate: string;
  item: string;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** The taxes on this line, by name ("GST", "PST"): empty for none. */
  taxNames: string[];
  taxRateBps: number;
  taxCents: number;
  /** The class the line is taxed as; null for lines outside the sales taxes (payouts). */
  taxClass: TaxClassName | null;
};

const CLASS_LABEL: Record<TaxClassName, string> = {
  zero: "zero-rated goods",
  standard: "taxable goods",
  liquor: "liquor",
};

/** A line of `amountCents` taxed as `taxClass` at the order's rates: its tax, names and rate. */
function taxed(amountCents: number, taxClass: TaxClassName, rates: readonly TaxRateRow[]) {
  const applying = rates.filter((r) => r.taxClass === taxClass && r.rateBps > 0);
  return {
    taxNames: applying.map((r) => r.name),
    taxRateBps: applying.reduce((s, r) => s + r.rateBps, 0),
    taxCents: applying.reduce((s, r) => s + taxOf(amountCents, r.rateBps), 0),
  };
}

/** Every invoice line of the farm's period: sales per order, then commission, then payouts. */
export async function exportLines(user: SessionUser, q: ReportPeriodInput): Promise<ExportLine[]> {
  const own = await requireOwnFarm(user);
  const { orders } = await completedOrders(own, q);
  const lines: ExportLine[] = [];
  for (const o of orders) {
    const rates = ratesOf(o.taxRates);
    const head = {
      kind: "sales" as const,
      invoiceNo: `FF-${o.id}`,
      contact: o.user.fullName,
      date: o.day,
      dueDate: o.statement?.dueDate ?? o.day,
    };
    const orderLines: ExportLine[] = [];
    for (const i of o.items) {
      const amountCents = i.priceCents * i.quantity;
      orderLines.push({
        ...head,
        item: i.productName,
        description: `${i.productName} (order #${o.id})`,
        quantity: i.quantity,
        unitCents: i.priceCents,
        amountCents,
        taxClass: i.taxClass,
        ...taxed(amountCents, i.taxClass, rates),
      });
    }
    const shares = [
      ...feeByClass(
        o.items.map((i) => ({ amountCents: i.priceCents * i.quantity, taxClass: i.taxClass })),
        o.feeCents,
      ),
    ].filter(([, cents]) => cents !== 0);
    for (const [taxClass, cents] of shares) {
      orderLines.push({
        ...head,
        item: "Delivery fee",
        description:
          shares.length === 1 ? "Delivery fee" : `Delivery fee, share of ${CLASS_LABEL[taxClass]}`,
        quantity: 1,
        unitCents: cents,
        amountCents: cents,
        taxClass,
        ...taxed(cents, taxClass, rates),
      });
    }
    // The lines follow the order's own formula; should an order's stored taxes ever differ (an
    // order written before a rule changed), its last taxed line carries the difference, so the
    // export always equals what the buyer was charged.
    const diff = o.taxCents - orderLines.reduce((s, l) => s + l.taxCents, 0);
    const last = orderLines.findLast((l) => l.taxNames.length > 0);
    if (diff !== 0 && last) last.taxCents += diff;
    lines.push(...orderLines);
  }

  const report = await taxFigures(user, q);
  const commission = await db.farmLedgerEntry.groupBy({
    by: ["orderId"],
    where: { farmId: own.id, type: "commission", orderId: { in: orders.map((o) => o.id) } },
    _sum: { amountCents: true },
    orderBy: { orderId: "asc" },
  });
  const commissionLines: ExportLine[] = commission
    .map((c) => ({ orderId: c.orderId!, cents: -(c._sum.amountCents ?? 0) }))
    .filter((c) => c.cents !== 0)
    .map((c) => ({
      kind: "commission",
      invoiceNo: `FF-COM-${q.from}-${q.to}`,
      contact: FIELDFARE_CONTACT,
      date: q.to,
      dueDate: q.to,
      item: "Fieldfare commission",
      description: `Fieldfare commission on order #${c.orderId}`,
      quantity: 1,
      unitCents: -c.cents,
      amountCents: -c.cents,
      taxNames: ["GST"],
      taxRateBps: 0,
      taxCents: 0,
      taxClass: "standard",
    }));
  // GST on the commission is the tax report's figure (one rounding for the period), spread over
  // the lines in proportion, the last line taking the remainder cents.
  const gstCents = report.gstOnCommissionCents;
  const commissionCents = commissionLines.reduce((s, l) => s - l.amountCents, 0);
  let given = 0;
  commissionLines.forEach((l, i) => {
    const share =
      i === commissionLines.length - 1
        ? gstCents - given
        : Math.floor((gstCents * -l.amountCents) / Math.max(1, commissionCents));
    given += share;
    l.taxCents = -share;
    l.taxRateBps = commissionCents > 0 ? Math.round((gstCents * 10_000) / commissionCents) : 0;
  });
  lines.push(...commissionLines);

  const payouts = await db.payout.findMany({
    where: {
      farmId: own.id,
      periodEnd: { gte: q.from, lte: q.to },
      status: { not: "failed" },
    },
    orderBy: [{ periodEnd: "asc" }, { id: "asc" }],
  });
  for (const p of payouts) {
    lines.push({
      kind: "payout",
      invoiceNo: `FF-PAYOUT-${p.id}`,
      contact: FIELDFARE_CONTACT,
      date: p.periodEnd,
      dueDate: p.periodEnd,
      item: "Fieldfare payout",
      description: `Payout for the week ending ${p.periodEnd}${p.reference ? ` (${p.reference})` : ""}`,
      quantity: -1,
      unitCents: p.amountCents,
      amountCents: -p.amountCents,
      taxNames: [],
      taxRateBps: 0,
      taxCents: 0,
      taxClass: null,
    });
  }
  return lines;
}

const [mdy, dmy] = [
  (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`,
  (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
];

/** QuickBooks Online's Canadian sales tax codes for a line. */
export function quickbooksTaxCode(l: Pick<ExportLine, "taxNames" | "taxClass">): string {
  if (l.taxClass === null) return "Out of Scope";
  const names = l.taxNames.join("/");
  if (names === "GST/PST") return "GST/PST BC";
  if (names === "PST") return "PST BC";
  if (names) return names;
  return l.taxClass === "zero" ? "Zero-rated" : "Exempt";
}

/** Xero's tax rate display names for a line (the rates a Canadian organisation sets up). */
export function xeroTaxType(l: Pick<ExportLine, "taxNames" | "taxClass">): string {
  if (l.taxClass === null) return "No Tax";
  const names = l.taxNames.join(" + ");
  if (names === "GST + PST") return "GST + PST (BC) on Sales";
  if (names) return `${names} on Sales`;
  return l.taxClass === "zero" ? "Zero Rated" : "Tax Exempt";
}

export const QUICKBOOKS_COLUMNS = [
  "InvoiceNo",
  "Customer",
  "InvoiceDate",
  "DueDate",
  "Terms",
  "Location",
  "Memo",
  "Item(Product/Service)",
  "ItemDescription",
  "ItemQuantity",
  "ItemRate",
  "ItemAmount",
  "ItemTaxCode",
  "ItemTaxAmount",
  "Currency",
  "Service Date",
] as const;

/** An accounting tool's import file: one row per export line, under the tool's column headings. */
function accountingCsv(
  tool: string,
  columns: readonly string[],
  row: (l: ExportLine) => CsvCell[],
) {
  return async (user: SessionUser, q: ReportPeriodInput) => {
    const lines = await exportLines(user, q);
    const csv = toCsv(columns, lines.map(row));
    return { filename: `fieldfare-${tool}-${q.from}-to-${q.to}.csv`, csv };
  };
}

/** GET /api/my-farm/exports/quickbooks.csv: QuickBooks Online's invoice import (MM/DD/YYYY dates). */
export const quickbooksCsv = accountingCsv("quickbooks", QUICKBOOKS_COLUMNS, (l) => [
  l.invoiceNo,
  l.contact,
  mdy(l.date),
  mdy(l.dueDate),
  l.dueDate === l.date ? "Due on receipt" : "",
  "",
  l.kind === "sales" ? "Sold on Fieldfare" : l.item,
  l.item,
  l.description,
  l.quantity,
  csvAmount(l.unitCents),
  csvAmount(l.amountCents),
  quickbooksTaxCode(l),
  csvAmount(l.taxCents),
  CURRENCY,
  mdy(l.date),
]);

export const XERO_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** GET /api/my-farm/exports/xero.csv: Xero's sales invoice import (DD/MM/YYYY dates, tax exclusive). */
export const xeroCsv = accountingCsv("xero", XERO_COLUMNS, (l) => [
  l.contact,
  "",
  "",
  "",
  "",
  "",
  "",
  "",
  "",
  "",
  l.invoiceNo,
  l.kind === "sales" ? "Fieldfare" : l.item,
  dmy(l.date),
  dmy(l.dueDate),
  "",
  l.description,
  l.quantity,
  csvAmount(l.unitCents),
  "",
  XERO_ACCOUNTS[l.kind],
  xeroTaxType(l),
  csvAmount(l.taxCents),
  "",
  "",
  "",
  "",
  CURRENCY,
  "",
]);
