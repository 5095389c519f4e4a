import "server-only";
import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import { dollarsToCents } from "@/lib/money";
import type { SessionUser } from "@/lib/server/auth/session";
import { invoiceForDocument } from "@/lib/server/credit/statements";
import { formatCents } from "@/lib/server/wallet/serialize";
import { fieldfarePdf } from "@/lib/server/platform/pdf";
import { writeParties } from "./parties";
import { percentLabel } from "@/lib/commission";

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
  const day = (iso: string) =>
    DateTime.fromISO(iso, { zone: zoneOf(zone) })
      .setLocale("en-US")
      .toFormat("d LLL yyyy");
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
  for (const line of json.lines) {
    // Handed over only once it was, on that day; until then the slot it is booked for.
    const when = line.handedOverAt
      ? `, handed over ${day(line.handedOverAt)}`
      : line.handoverDate && line.status === "active"
        ? `, handover scheduled ${day(line.handoverDate)}`
        : "";
    row(
      [
        `Order #${line.orderId}, placed ${day(line.placedAt)}${when}${line.status === "cancelled" ? " (cancelled)" : ""}`,
        "",
        "",
        "",
      ],
      true,
    );
    if (line.status === "cancelled") continue;
    for (const i of line.items)
      row([
        `  ${i.productName}`,
        String(i.quantity),
        formatCents(dollarsToCents(i.price)),
        formatCents(dollarsToCents(i.subtotal)),
      ]);
    if (line.fee > 0) row(["  Delivery fee", "", "", formatCents(dollarsToCents(line.fee))]);
    for (const t of line.taxes)
      row([`  ${t.name} ${percentLabel(t.rate)}`, "", "", formatCents(dollarsToCents(t.amount))]);
    row([`  Order #${line.orderId} total`, "", "", formatCents(dollarsToCents(line.total))]);
  }
  rule();
  // The month's taxes per tax, for the buyer's books (docs/money.md, "Taxes").
  const taxTotals = new Map<string, number>();
  for (const line of json.lines)
    for (const t of line.taxes) {
      const label = `${t.name} ${percentLabel(t.rate)}`;
      taxTotals.set(label, (taxTotals.get(label) ?? 0) + dollarsToCents(t.amount));
    }
  for (const [label, cents] of taxTotals) row([`${label} included`, "", "", formatCents(cents)]);
  row(["Total", "", "", formatCents(dollarsToCents(json.total))], true);
  row(["Paid", "", "", formatCents(dollarsToCents(json.paid))]);
  row(["Amount due", "", "", formatCents(dollarsToCents(json.due))], true);
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
