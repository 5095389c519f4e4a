/**
 * A hub's prices (docs/hubs.md). A supplier sells to the hub at its own price less the wholesale
 * discount, the hub sells at wholesale plus its margin. Terms are basis points (1250 = 12.5 %).
 * Integer arithmetic throughout; each amount is rounded to the cent once, half up.
 */

/** Basis points of a percent with at most 2 decimals (12.5 → 1250). */
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/** The percent a number of basis points is (1250 → 12.5). */
export const bpsToPercent = (bps: number): number => bps / 100;

/** `cents × (10000 + bps) / 10000`, rounded half up to the cent, for whole cents and bps ≥ -10000. */
function scale(cents: number, bps: number): number {
  const scaled = cents * (10_000 + bps);
  return Math.floor((scaled + 5_000) / 10_000);
}

/** What the farm is paid for a unit at the hub: its price less the discount. */
export function wholesaleCents(priceCents: number, discountBps: number): number {
  return scale(priceCents, -discountBps);
}

/** What the hub charges for a unit: wholesale × (1 + margin), rounded to the cent once. */
export function hubPriceCents(wholesale: number, marginBps: number): number {
  return scale(wholesale, marginBps);
}

/** A farm's price to the hub's buyer: wholesale first (the farm's cents), then the margin on it. */
export function hubPriceOf(
  priceCents: number,
  terms: { discountBps: number; marginBps: number },
): { wholesaleCents: number; hubPriceCents: number } {
  const wholesale = wholesaleCents(priceCents, terms.discountBps);
  return { wholesaleCents: wholesale, hubPriceCents: hubPriceCents(wholesale, terms.marginBps) };
}
