import "server-only";
import { formatDateTime, formatDay, formatSlotDate, formatSlotRange } from "@/lib/format";
import { toLocalIso } from "@/lib/server/fulfilment/time";
import { db } from "@/lib/server/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/server/platform/errors";
import { formatCents } from "@/lib/server/wallet/serialize";
import { periodLabel } from "@/lib/server/credit/credit";
import { statementNumber } from "@/lib/server/credit/statements";
import { fieldfarePdf } from "@/lib/server/platform/pdf";
import { writeParties } from "./parties";
import { farmTaxNumbers, taxRows } from "@/lib/tax";

/**
 * The PDF receipt of an order (docs/restaurants.md, "Receipts"): who sold (with the farm's tax
 * numbers), who bought, each line, the delivery fee, the subtotal and each tax, the total and how it was paid, and when and where it is handed over. PDFKit
 * writes the file; the layout is a plain table in the built-in Helvetica, which every PDF reader
 * has. Only the buyer may fetch it (someone else's order is a 404).
 */
export const receiptOrderInclude = {
  farm: {
    select: {
      farmName: true,
      location: true,
      timeZone: true,
      userId: true,
      gstNumber: true,
      smallSupplier: true,
      pstNumber: true,
    },
  },
  user: {
    select: {
      fullName: true,
      userType: true,
      businessAccount: { select: { companyName: true, status: true } },
    },
  },
  // The emails write each line's quantity from these (lib/format.ts, formatQuantity).
  items: {
    orderBy: { id: "asc" },
    include: { product: { select: { unit: true, caseSize: true } } },
  },
  fulfilment: true,
  statement: { select: { id: true, period: true, dueDate: true } },
} satisfies Prisma.OrderInclude;

/** An order as its receipt (and the emails about it) read it. */
export type ReceiptOrder = Prisma.OrderGetPayload<{ include: typeof receiptOrderInclude }>;

export async function orderReceiptPdf(
  userId: number,
  orderId: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const order = await db.order.findFirst({
    where: { id: orderId, userId },
    include: receiptOrderInclude,
  });
  if (!order) throw notFound("Order not found");
  return receiptPdf(order);
}

/** The receipt of an order already read (the receipt email reads it once for its text and the PDF). */
export async function receiptPdf(
  order: ReceiptOrder,
): Promise<{ filename: string; bytes: Buffer }> {
  const zone = order.fulfilment?.timeZone ?? order.farm.timeZone;
  const timeZone = { timeZone: zone };
  const buyer =
    order.user.businessAccount?.status === "approved"
      ? `${order.user.businessAccount.companyName} (${order.user.fullName})`
      : order.user.fullName;
  const feeCents = order.fulfilment?.feeCents ?? 0;

  const { doc, row, rule, finish } = fieldfarePdf({
    title: `Receipt for order #${order.id}`,
    subject: `Order #${order.id} from ${order.farm.farmName}`,
  });
  doc.text(`Placed ${formatDateTime(order.createdAt, timeZone)} · reference ${order.checkoutRef}`);
  doc.text(`Status: ${order.status}`);
  doc.moveDown();

  writeParties(
    doc,
    {
      heading: "Sold by",
      lines: [order.farm.farmName, order.farm.location, ...farmTaxNumbers(order.farm)],
    },
    { heading: "Bought by", name: buyer },
  );

  if (order.fulfilment) {
    const f = order.fulfilment;
    // A document outlives the week: the slot's day with its year.
    const [start, end] = [toLocalIso(f.startsAt, zone), toLocalIso(f.endsAt, zone)];
    const when = `${formatSlotDate(start)}, ${formatSlotRange(start, end)}`;
    const where =
      f.kind === "pickup"
        ? `Pickup at ${[f.pickupName, f.pickupAddress].filter(Boolean).join(", ")}`
        : `Delivery to ${f.deliveryAddress ?? ""} ${f.postalCode ?? ""}`.trim();
    doc.font("Helvetica-Bold").text("Handover").font("Helvetica").text(`${where}\n${when}`);
    doc.moveDown();
  }

  row(["Product", "Qty", "Unit price", "Amount"], true);
  rule();
  for (const i of order.items)
    row([
      `${i.productName} (${i.product.unit})`,
      String(i.quantity),
      formatCents(i.priceCents),
      formatCents(i.priceCents * i.quantity),
    ]);
  if (feeCents > 0) row(["Delivery fee", "", "", formatCents(feeCents)]);
  const taxes = taxRows(order.taxes);
  if (taxes.length) {
    rule();
    const taxCents = taxes.reduce((sum, t) => sum + t.cents, 0);
    row(["Subtotal", "", "", formatCents(order.totalCents - taxCents)]);
    for (const t of taxes) row([t.label, "", "", formatCents(t.cents)]);
  }
  rule();
  row(["Total", "", "", formatCents(order.totalCents)], true);
  doc.moveDown();
  const st = order.statement;
  const paidHow = st
    ? `On account: statement ${statementNumber(st.id)} from ${order.farm.farmName} for ${periodLabel(st.period)}, ${order.isPaid ? "paid" : `due ${formatDay(st.dueDate)}`}.`
    : order.isPaid
      ? "Paid in full from the Fieldfare wallet."
      : "Not paid yet.";
  doc.font("Helvetica").fontSize(9).fillColor("#555").text(paidHow, 54);

  return { filename: `fieldfare-order-${order.id}-receipt.pdf`, bytes: await finish() };
}
