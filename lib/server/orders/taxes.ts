import "server-only";
import { computeTaxes, taxTotal, type TaxAmount, type TaxRateRow } from "@/lib/tax";
import { type Tx } from "@/lib/server/platform/transaction";
import { centsToDollars } from "@/lib/money";

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

/** An order's stored rates or taxes (JSON columns written only by the order paths). */
export const ratesOf = (json: unknown) => (json ?? []) as TaxRateRow[];
export const taxesOf = (json: unknown) => (json ?? []) as TaxAmount[];

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

/** An order's `subtotal` and `taxes` as its JSON shows them (lib/contracts/orders.ts). */
export function serializeTaxes(totalCents: number, json: unknown) {
  const taxes = taxesOf(json);
  return {
    subtotal: centsToDollars(totalCents - taxTotal(taxes)),
    taxes: taxes.map((t) => ({
      name: t.name,
      rate: t.rateBps / 10_000,
      amount: centsToDollars(t.amountCents),
    })),
  };
}
