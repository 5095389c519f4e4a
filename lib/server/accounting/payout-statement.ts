import "server-only";
import { centsToDollars, dollarsToCents, sumDollarsInCents } from "@/lib/money";
import { farmTaxNumbers, taxesOf, taxOf, taxTotal } from "@/lib/tax";
import type { PayoutDetailJson, PayoutLineJson } from "@/lib/contracts/payments";
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

/** The payout's lines: one per order it collected (goods, fees, commission, later changes, net). */
export async function payoutDetail(user: SessionUser, payoutId: number): Promise<PayoutDetailJson> {
  const { own, payout } = await ownPayout(user, payoutId);
  return detailOf(own.farmName, payout);
}

async function detailOf(farmName: string, payout: Payout): Promise<PayoutDetailJson> {
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
  const lines = new Map<string, PayoutLineJson & { cents: Record<string, number> }>();
  for (const r of rows) {
    const key = r.orderId ? `o${r.orderId}` : `r${r.id}`;
    let line = lines.get(key);
    if (!line) {
      const o = r.orderId ? byId.get(r.orderId) : undefined;
      const goods = o ? o.items.reduce((s, i) => s + i.priceCents * i.quantity, 0) : 0;
      const taxes = o ? taxTotal(taxesOf(o.taxes)) : 0;
      line = {
        orderId: r.orderId,
        buyer: o?.user.fullName ?? (r.orderId ? null : r.description),
        completedAt: o?.completedAt?.toISOString() ?? null,
        goods: 0,
        fees: 0,
        taxes: 0,
        commission: 0,
        adjustments: 0,
        net: 0,
        cents: { goods, taxes, sale: 0, commission: 0, adjustments: 0, net: 0 },
      };
      lines.set(key, line);
    }
    const c = line.cents;
    if (r.type === "sale") c.sale += r.amountCents;
    else if (r.type === "commission") c.commission += r.amountCents;
    else c.adjustments += r.amountCents;
    c.net += r.amountCents;
  }
  const commissionCents = -[...lines.values()].reduce((s, l) => s + l.cents.commission, 0);
  const numbers = await db.farm.findUniqueOrThrow({
    where: { id: payout.farmId },
    select: { gstNumber: true, smallSupplier: true, pstNumber: true },
  });
  return {
    ...serializePayout(payout),
    farmName,
    farmTaxNumbers: farmTaxNumbers(numbers),
    commissionGst: centsToDollars(
      taxOf(Math.max(0, commissionCents), await gstRateAt(db, payout.createdAt)),
    ),
    lines: [...lines.values()].map(({ cents, ...line }) => ({
      ...line,
      goods: centsToDollars(cents.sale ? cents.goods : 0),
      fees: centsToDollars(cents.sale ? cents.sale - cents.goods - cents.taxes : 0),
      taxes: centsToDollars(cents.sale ? cents.taxes : 0),
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

/** The payout's lines as CSV (one header row, dollars with 2 decimals). */
export async function payoutCsv(user: SessionUser, payoutId: number) {
  const detail = await payoutDetail(user, payoutId);
  const money = (dollars: number) => csvAmount(dollarsToCents(dollars));
  const csv = toCsv(
    COLUMNS,
    detail.lines.map((l) => [
      l.orderId ?? "",
      l.buyer ?? "",
      l.completedAt ?? "",
      money(l.goods),
      money(l.fees),
      money(l.taxes),
      money(l.commission),
      money(l.adjustments),
      money(l.net),
    ]),
  );
  return { filename: `fieldfare-payout-${detail.id}.csv`, csv };
}

/** The payout's PDF statement: each order, its commission and the net, and the total paid. */
export async function payoutStatementPdf(user: SessionUser, payoutId: number) {
  return statementPdf(await payoutDetail(user, payoutId));
}

/** The payout and its PDF statement for the farm's payout email (docs/notifications.md). */
export async function payoutForEmail(payoutId: number) {
  const payout = await db.payout.findUnique({
    where: { id: payoutId },
    include: { farm: { select: { farmName: true } } },
  });
  if (!payout) return null;
  const detail = await detailOf(payout.farm.farmName, payout);
  return { detail, pdf: await statementPdf(detail) };
}

const sumTaxes = (d: PayoutDetailJson) =>
  centsToDollars(sumDollarsInCents(d.lines, (l) => l.taxes));

async function statementPdf(d: PayoutDetailJson) {
  const pdf = fieldfarePdf({
    title: `Payout statement #${d.id}`,
    subject: `${d.farmName}, week to ${d.periodEnd}`,
  });
  const usd = (dollars: number) => formatCents(Math.round(dollars * 100));
  pdf.doc.text(`${d.farmName} — week to ${d.periodEnd}`);
  pdf.doc.text(
    `Status: ${d.status === "pending_manual" ? "to be paid by e-transfer" : d.status}${d.reference ? ` (ref ${d.reference})` : ""}`,
  );
  pdf.doc.moveDown();
  for (const n of d.farmTaxNumbers) pdf.doc.text(n);
  pdf.doc.moveDown();
  pdf.row(["Order", "Sale", "Commission", "Net"], true);
  pdf.rule();
  for (const l of d.lines) {
    const label = l.orderId ? `Order #${l.orderId} — ${l.buyer ?? ""}` : (l.buyer ?? "Other");
    pdf.row([label, usd(l.goods + l.fees + l.taxes), usd(l.commission), usd(l.net)]);
    if (l.taxes) pdf.row(["   of which taxes you collected", usd(l.taxes), "", ""]);
    if (l.adjustments) pdf.row(["   adjustments", usd(l.adjustments), "", ""]);
  }
  pdf.rule();
  pdf.row(["Total paid out", "", "", usd(d.amount)], true);
  pdf.doc.moveDown();
  pdf.row(["Taxes collected on these orders", "", "", usd(sumTaxes(d))]);
  pdf.row(["GST 5 % on Fieldfare's commission (input tax credit)", "", "", usd(d.commissionGst)]);
  return { filename: `fieldfare-payout-${d.id}.pdf`, bytes: await pdf.finish() };
}
