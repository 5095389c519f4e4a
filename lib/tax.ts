/*
 * Sales tax as data (docs/money.md, "Taxes"): an order carries the rates that apply to it, one per
 * tax and tax class, and its taxes follow from its lines with this one formula, on the server and
 * in the checkout's preview alike.
 */

export const TAX_CLASSES = ["zero", "standard", "liquor"] as const;
export type TaxClassName = (typeof TAX_CLASSES)[number];

/** One tax on one class, as an order keeps it: GST 500 bps on liquor. */
export type TaxRateRow = { name: string; taxClass: TaxClassName; rateBps: number };

/** One tax of an order: its name, rate and amount in cents. */
export type TaxAmount = { name: string; rateBps: number; amountCents: number };

/** Basis points of an amount, half-up to the cent. */
export function taxOf(amountCents: number, rateBps: number): number {
  return Math.floor((amountCents * rateBps + 5000) / 10_000);
}

/**
 * The delivery fee split over the tax classes of the goods it delivers, in proportion to their
 * value (the largest class takes the remainder cents), so the fee is taxed as the goods are.
 */
function feeByClass(
  lines: { amountCents: number; taxClass: TaxClassName }[],
  feeCents: number,
): Map<TaxClassName, number> {
  const goods = new Map<TaxClassName, number>();
  for (const l of lines) goods.set(l.taxClass, (goods.get(l.taxClass) ?? 0) + l.amountCents);
  const total = [...goods.values()].reduce((sum, v) => sum + v, 0);
  const shares = new Map<TaxClassName, number>();
  if (feeCents === 0 || total === 0) return shares;
  let given = 0;
  let largest: TaxClassName | null = null;
  for (const [cls, amount] of goods) {
    const share = Math.floor((feeCents * amount) / total);
    shares.set(cls, share);
    given += share;
    if (largest === null || amount > goods.get(largest)!) largest = cls;
  }
  shares.set(largest!, shares.get(largest!)! + feeCents - given);
  return shares;
}

/**
 * An order's taxes: each line's tax rounded half-up to the cent, the delivery fee's share of each
 * class taxed as one more line, summed per tax (in the order the rates name them). Taxes that come
 * to nothing are left out: an order of zero-rated goods has none.
 */
export function computeTaxes(
  lines: { amountCents: number; taxClass: TaxClassName }[],
  feeCents: number,
  rates: readonly TaxRateRow[],
): TaxAmount[] {
  const taxed = [
    ...lines,
    ...[...feeByClass(lines, feeCents)].map(([taxClass, amountCents]) => ({
      amountCents,
      taxClass,
    })),
  ];
  const byName = new Map<string, TaxAmount>();
  for (const rate of rates) {
    const tax = byName.get(rate.name) ?? { name: rate.name, rateBps: rate.rateBps, amountCents: 0 };
    for (const l of taxed)
      if (l.taxClass === rate.taxClass) tax.amountCents += taxOf(l.amountCents, rate.rateBps);
    byName.set(rate.name, tax);
  }
  return [...byName.values()].filter((t) => t.amountCents !== 0);
}

/** The sum of an order's taxes in cents. */
export function taxTotal(taxes: readonly TaxAmount[]): number {
  return taxes.reduce((sum, t) => sum + t.amountCents, 0);
}
