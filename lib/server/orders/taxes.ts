import "server-only";
import { computeTaxes, ratesOf, taxTotal, type TaxRateRow } from "@/lib/tax";
import { type Tx } from "@/lib/server/platform/transaction";

/**
 * The rates each farm charges on an order placed at `at` (docs/money.md, "Taxes"): the `TaxRate`
 * rows in force then, GST only for a farm registered for it (a small supplier charges none), PST
 * only for a farm with a PST number.
 */
export async function farmTaxRates(
  tx: Tx,
  farmIds: number[],
  at: Date,
): Promise<Map<number, TaxRateRow[]>> {
  const [rates, farms] = await Promise.all([
    tx.taxRate.findMany({
      where: {
        effectiveFrom: { lte: at },
        OR: [{ effectiveTo: null }, { effectiveTo: { gt: at } }],
      },
      orderBy: [{ name: "asc" }, { taxClass: "asc" }],
    }),
    tx.farm.findMany({
      where: { id: { in: farmIds } },
      select: { id: true, gstNumber: true, smallSupplier: true, pstNumber: true },
    }),
  ]);
  return new Map(
    farms.map((f) => {
      const charges = (name: string) =>
        name === "GST" ? Boolean(f.gstNumber) && !f.smallSupplier : Boolean(f.pstNumber);
      return [
        f.id,
        rates
          .filter((r) => charges(r.name))
          .map((r) => ({ name: r.name, taxClass: r.taxClass, rateBps: r.rateBps })),
      ];
    }),
  );
}

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
