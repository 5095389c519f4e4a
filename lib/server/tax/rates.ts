import "server-only";
import type { TaxRateRow } from "@/lib/tax";
import { type Tx } from "@/lib/server/platform/transaction";

/** `TaxRate` rows in force at the instant `at`: effectiveFrom ≤ at < effectiveTo (an open end runs on). */
const inForceAt = (at: Date) => ({
  effectiveFrom: { lte: at },
  OR: [{ effectiveTo: null }, { effectiveTo: { gt: at } }],
});

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
      where: inForceAt(at),
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
 * The standard GST rate (basis points) in force at the instant `at`, or 0 when none is: the GST on
 * a standard-rated service, such as Fieldfare's commission.
 */
export async function gstRateAt(tx: Tx, at: Date): Promise<number> {
  const rate = await tx.taxRate.findFirst({
    where: { name: "GST", taxClass: "standard", ...inForceAt(at) },
    orderBy: { effectiveFrom: "desc" },
  });
  return rate?.rateBps ?? 0;
}
