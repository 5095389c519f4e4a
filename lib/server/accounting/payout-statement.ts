import "server-only";
import { centsToDollars } from "@/lib/money";
import { farmTaxNumbers, taxesOf, taxOf, taxTotal } from "@/lib/tax";
import type { PayoutDetailJson } from "@/lib/contracts/payments";
import type { Payout } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { fieldfarePdf } from "@/lib/server/platform/pdf";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { db } from "@/lib/server/platform/db";
import { csvAmount, toCsv } from "@/lib/server/platform/csv";
import { gstRateAt } from "@/lib/server/tax/rates";
import { notFound } from "@/lib/server/platform/errors";
import { formatCents } from "@/lib/server/wallet/serialize";
import { serializePayout } from "@/lib/server/payments/farm-payouts";

/** A payout's statement (docs/money.md, "Payouts"): its lines as JSON, CSV and PDF, and for its email. */

async function ownPayout(user: SessionUser, payoutId: number) {
  const own = await requireOwnFarm(user);
  const payout = await db.payout.findFirst({ where: { id: payoutId, farmId: own.id } });
  if (!payout) throw notFound("Payout not found");
  return { own, payout };
}

/** One line of a payout statement in integer cents; dollars only at the JSON edge. */
type StatementLine = {
  orderId: number | null;
  buyer: string | null;
  completedAt: string | null;
  cents: {
    goods: number;
    fees: number;
    taxes: number;
    commission: number;
    adjustments: number;
    net: number;
  };
};

/** A payout and its lines, in cents: what the JSON, the CSV, the PDF and the email all print. */
type Statement = {
  payout: Payout;
  farmName: string;
  farmTaxNumbers: string[];
  commissionGstCents: number;
  lines: StatementLine[];
};

/** The payout's lines: one per order it collected (goods, fees, commission, later changes, net). */
export async function payoutDetail(user: SessionUser, payoutId: number): Promise<PayoutDetailJson> {
  const { own, payout } = await ownPayout(user, payoutId);
  return detailJson(await statementOf(own.farmName, payout));
}

async function statementOf(farmName: string, payout: Payout): Promise<Statement> {
  const rows = await db.farmLedgerEntry.findMany({
    where: { payoutId: payout.id, NOT: { dedupeKey: `payout-${payout.id}` } },
    orderBy: { id: "asc" },
  });
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  const orders = await db.order.findMany({
    where: { id: { in: orderIds } },
    include: { items: true, user: { select: { fullName: true } } },
  });
  const byId = new Map(orders.map((o) => [o.id, o]));
  type Sums = {
    goods: number;
    taxes: number;
    sale: number;
    commission: number;
    adjustments: number;
    net: number;
  };
  const sums = new Map<string, Omit<StatementLine, "cents"> & { sums: Sums }>();
  for (const r of rows) {
    const key = r.orderId ? `o${r.orderId}` : `r${r.id}`;
    let line = sums.get(key);
    if (!line) {
      const o = r.orderId ? byId.get(r.orderId) : undefined;
      line = {
        orderId: r.orderId,
        buyer: o?.user.fullName ?? (r.orderId ? null : r.description),
        completedAt: o?.completedAt?.toISOString() ?? null,
        sums: {
          goods: o ? o.items.reduce((s, i) => s + i.priceCents * i.quantity, 0) : 0,
          taxes: o ? taxTotal(taxesOf(o.taxes)) : 0,
          sale: 0,
          commission: 0,
          adjustments: 0,
          net: 0,
        },
      };
      sums.set(key, line);
    }
    const c = line.sums;
    if (r.type === "sale") c.sale += r.amountCents;
    else if (r.type === "commission") c.commission += r.amountCents;
    else c.adjustments += r.amountCents;
    c.net += r.amountCents;
  }
  // Goods, fees and taxes belong to the line that booked the sale; a later change has only its own.
  const lines = [...sums.values()].map(({ sums: c, ...line }) => ({
    ...line,
    cents: {
      goods: c.sale ? c.goods : 0,
      fees: c.sale ? c.sale - c.goods - c.taxes : 0,
      taxes: c.sale ? c.taxes : 0,
      commission: c.commission,
      adjustments: c.adjustments,
      net: c.net,
    },
  }));
  const commissionCents = -lines.reduce((s, l) => s + l.cents.commission, 0);
  const numbers = await db.farm.findUniqueOrThrow({
    where: { id: payout.farmId },
    select: { gstNumber: true, smallSupplier: true, pstNumber: true },
  });
  return {
    payout,
    farmName,
    farmTaxNumbers: farmTaxNumbers(numbers),
    commissionGstCents: taxOf(Math.max(0, commissionCents), await gstRateAt(db, payout.createdAt)),
    lines,
  };
}

function detailJson(st: Statement): PayoutDetailJson {
  return {
    ...serializePayout(st.payout),
    farmName: st.farmName,
    farmTaxNumbers: st.farmTaxNumbers,
    commissionGst: centsToDollars(st.commissionGstCents),
    lines: st.lines.map(({ cents, ...line }) => ({
      ...line,
      goods: centsToDollars(cents.goods),
      fees: centsToDollars(cents.fees),
      taxes: centsToDollars(cents.taxes),
      commission: centsToDollars(cents.commission),
      adjustments: centsToDollars(cents.adjustments),
      net: centsToDollars(cents.net),
    })),
  };
}

const COLUMNS = [
  "orderId",
  "buyer",
  "completedAt",
  "goods",
  "fees",
  "taxes",
  "commission",
  "adjustments",
  "net",
] as const;

async function ownStatement(user: SessionUser, payoutId: number) {
  const { own, payout } = await ownPayout(user, payoutId);
  return statementOf(own.farmName, payout);
}

/** The payout's lines as CSV (one header row, dollars with 2 decimals). */
export async function payoutCsv(user: SessionUser, payoutId: number) {
  const st = await ownStatement(user, payoutId);
  const csv = toCsv(
    COLUMNS,
    st.lines.map(({ cents: c, ...l }) => [
      l.orderId ?? "",
      l.buyer ?? "",
      l.completedAt ?? "",
      csvAmount(c.goods),
      csvAmount(c.fees),
      csvAmount(c.taxes),
      csvAmount(c.commission),
      csvAmount(c.adjustments),
      csvAmount(c.net),
    ]),
  );
  return { filename: `fieldfare-payout-${st.payout.id}.csv`, csv };
}

/** The payout's PDF statement: each order, its commission and the net, and the total paid. */
export async function payoutStatementPdf(user: SessionUser, payoutId: number) {
  return statementPdf(await ownStatement(user, payoutId));
}

/** What the farm's payout email prints (docs/notifications.md), in cents, and its PDF statement. */
export async function payoutForEmail(payoutId: number) {
  const payout = await db.payout.findUnique({
    where: { id: payoutId },
    include: { farm: { select: { farmName: true } } },
  });
  if (!payout) return null;
  const st = await statementOf(payout.farm.farmName, payout);
  return {
    payout,
    lines: st.lines.map((l) => ({ orderId: l.orderId, buyer: l.buyer, netCents: l.cents.net })),
    pdf: await statementPdf(st),
  };
}

async function statementPdf(st: Statement) {
  const { payout: p } = st;
  const pdf = fieldfarePdf({
    title: `Payout statement #${p.id}`,
    subject: `${st.farmName}, week to ${p.periodEnd}`,
  });
  pdf.doc.text(`${st.farmName} — week to ${p.periodEnd}`);
  pdf.doc.text(
    `Status: ${p.status === "pending_manual" ? "to be paid by e-transfer" : p.status}${p.reference ? ` (ref ${p.reference})` : ""}`,
  );
  pdf.doc.moveDown();
  for (const n of st.farmTaxNumbers) pdf.doc.text(n);
  pdf.doc.moveDown();
  pdf.row(["Order", "Sale", "Commission", "Net"], true);
  pdf.rule();
  for (const { cents: c, ...l } of st.lines) {
    const label = l.orderId ? `Order #${l.orderId} — ${l.buyer ?? ""}` : (l.buyer ?? "Other");
    pdf.row([
      label,
      formatCents(c.goods + c.fees + c.taxes),
      formatCents(c.commission),
      formatCents(c.net),
    ]);
    if (c.taxes) pdf.row(["   of which taxes you collected", formatCents(c.taxes), "", ""]);
    if (c.adjustments) pdf.row(["   adjustments", formatCents(c.adjustments), "", ""]);
  }
  pdf.rule();
  pdf.row(["Total paid out", "", "", formatCents(p.amountCents)], true);
  pdf.doc.moveDown();
  const taxesCents = st.lines.reduce((s, l) => s + l.cents.taxes, 0);
  pdf.row(["Taxes collected on these orders", "", "", formatCents(taxesCents)]);
  pdf.row([
    "GST 5 % on Fieldfare's commission (input tax credit)",
    "",
    "",
    formatCents(st.commissionGstCents),
  ]);
  return { filename: `fieldfare-payout-${p.id}.pdf`, bytes: await pdf.finish() };
}
