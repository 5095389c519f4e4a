import { percentLabel } from "@/lib/commission";
import { centsToDollars } from "@/lib/money";

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
export function feeByClass(
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

/** An order's stored rates or taxes (JSON columns only the order paths write). */
export const ratesOf = (json: unknown) => (json ?? []) as TaxRateRow[];
export const taxesOf = (json: unknown) => (json ?? []) as TaxAmount[];

/** An order's taxes as its JSON shows them: `[{name, rate: 0.05, amount: 1.23}]`. */
export const taxLinesJson = (json: unknown) =>
  taxesOf(json).map((t) => ({
    name: t.name,
    rate: t.rateBps / 10_000,
    amount: centsToDollars(t.amountCents),
  }));

/** An order's `subtotal` (goods and fees) and `taxes` (lib/contracts/orders.ts). */
export function serializeTaxes(totalCents: number, json: unknown) {
  return {
    subtotal: centsToDollars(totalCents - taxTotal(taxesOf(json))),
    taxes: taxLinesJson(json),
  };
}

/** "GST 5 %" for a stored tax. */
export const taxLabel = (t: { name: string; rateBps: number }) =>
  `${t.name} ${percentLabel(t.rateBps / 10_000)}`;

/** An order's taxes as a document's rows: label and cents. */
export const taxRows = (json: unknown) =>
  taxesOf(json).map((t) => ({ label: taxLabel(t), cents: t.amountCents }));

/** The farm's tax numbers as documents print them under its name; none for an unregistered farm. */
export function farmTaxNumbers(farm: {
  gstNumber: string | null;
  smallSupplier: boolean;
  pstNumber: string | null;
}): string[] {
  return [
    farm.gstNumber ? `GST/HST no. ${farm.gstNumber}` : null,
    farm.pstNumber ? `PST no. ${farm.pstNumber}` : null,
    !farm.gstNumber && farm.smallSupplier ? "Small supplier: not registered for GST" : null,
  ].filter((s): s is string => s !== null);
}
