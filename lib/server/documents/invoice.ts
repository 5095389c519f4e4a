import "server-only";
import { formatDate, formatDay } from "@/lib/format";
import type { SessionUser } from "@/lib/server/auth/session";
import { invoiceForDocument, totalOf } from "@/lib/server/credit/statements";
import { formatCents } from "@/lib/server/wallet/serialize";
import { fieldfarePdf } from "@/lib/server/platform/pdf";
import { writeParties } from "./parties";
import { taxesOf, taxLabel } from "@/lib/tax";

const STATUS_WORDS = {
  open: "Open: the month is still running",
  issued: "Issued",
  overdue: "Overdue",
  paid: "Paid",
} as const;

/**
 * A monthly statement as a PDF invoice (docs/restaurants.md, "Statements"): the farm, the buyer,
 * one block per order with its lines, the total, what was paid and the due date. PDFKit writes it
 * in the built-in Helvetica, as the order receipt. Only the buyer and the farm may fetch it.
 */
export async function invoicePdf(
  user: Pick<SessionUser, "id">,
  statementId: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const { statement: s, json } = await invoiceForDocument(user, statementId);
  const zone = s.farm.timeZone;
  // A calendar day (YYYY-MM-DD) as it is; an instant on the farm's calendar.
  const day = (value: string) => formatDay(value) || formatDate(value, { timeZone: zone });
  const buyer = json.buyer.company ? `${json.buyer.company} (${json.buyer.name})` : json.buyer.name;

  const { doc, row, rule, finish } = fieldfarePdf({
    title: `Invoice ${json.number}`,
    subject: `${s.farm.farmName} statement for ${json.periodLabel}`,
  });
  doc.text(`Statement for ${json.periodLabel} · orders on account`);
  doc.text(`Due date: ${day(json.dueDate)} · Status: ${STATUS_WORDS[json.status]}`);
  doc.moveDown();

  writeParties(
    doc,
    { heading: "From", lines: [s.farm.farmName, json.farmLocation, ...json.farmTaxNumbers] },
    { heading: "Bill to", name: buyer },
  );

  row(["Item", "Qty", "Unit price", "Amount"], true);
  rule();
  // The words from the statement's JSON, every amount from its rows in cents.
  s.orders.forEach((o, n) => {
    const line = json.lines[n];
    // Handed over only once it was, on that day; until then the slot it is booked for.
    const when = line.handedOverAt
      ? `, handed over ${day(line.handedOverAt)}`
      : line.handoverDate && line.status === "active"
        ? `, handover scheduled ${day(line.handoverDate)}`
        : "";
    row(
      [
        `Order #${o.id}, placed ${day(line.placedAt)}${when}${o.status === "cancelled" ? " (cancelled)" : ""}`,
        "",
        "",
        "",
      ],
      true,
    );
    if (o.status === "cancelled") return;
    for (const i of o.items)
      row([
        `  ${i.productName}`,
        String(i.quantity),
        formatCents(i.priceCents),
        formatCents(i.priceCents * i.quantity),
      ]);
    const feeCents = o.fulfilment?.feeCents ?? 0;
    if (feeCents > 0) row(["  Delivery fee", "", "", formatCents(feeCents)]);
    for (const t of taxesOf(o.taxes)) row([`  ${taxLabel(t)}`, "", "", formatCents(t.amountCents)]);
    row([`  Order #${o.id} total`, "", "", formatCents(o.totalCents)]);
  });
  rule();
  // The month's taxes per tax, for the buyer's books (docs/money.md, "Taxes").
  const taxTotals = new Map<string, number>();
  for (const o of s.orders)
    if (o.status !== "cancelled")
      for (const t of taxesOf(o.taxes))
        taxTotals.set(taxLabel(t), (taxTotals.get(taxLabel(t)) ?? 0) + t.amountCents);
  for (const [label, cents] of taxTotals) row([`${label} included`, "", "", formatCents(cents)]);
  const totalCents = totalOf(s.orders);
  row(["Total", "", "", formatCents(totalCents)], true);
  row(["Paid", "", "", formatCents(s.paidCents)]);
  row(["Amount due", "", "", formatCents(s.paidAt ? 0 : totalCents)], true);
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555")
    .text(
      json.paidAt
        ? `Paid from the Fieldfare wallet on ${day(json.paidAt)}.`
        : `Please pay from your Fieldfare wallet (Invoices) by ${day(json.dueDate)}.`,
      54,
    );

  return { filename: `fieldfare-invoice-${json.number}.pdf`, bytes: await finish() };
}
