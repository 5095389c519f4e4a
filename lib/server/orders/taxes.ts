import "server-only";
import { computeTaxes, ratesOf, taxTotal } from "@/lib/tax";
import { type Tx } from "@/lib/server/platform/transaction";

/**
 * An order's taxes and total from its lines as they are now in the caller's transaction (after an
 * edit or an adjustment rewrote them), its fee and the rates fixed at checkout.
 */
export async function orderTotals(tx: Tx, orderId: number, feeCents: number) {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      taxRates: true,
      items: { select: { priceCents: true, quantity: true, taxClass: true } },
    },
  });
  const lines = order.items.map((i) => ({
    amountCents: i.priceCents * i.quantity,
    taxClass: i.taxClass,
  }));
  const goodsCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const taxes = computeTaxes(lines, feeCents, ratesOf(order.taxRates));
  return { goodsCents, taxes, totalCents: goodsCents + feeCents + taxTotal(taxes) };
}
