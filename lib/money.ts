/** Money is integer cents inside; the JSON API speaks dollars with at most 2 decimals (see docs/money.md). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (already validated to ≤ 2 decimals) to integer cents without float drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** True when a number has at most two decimal places (0.1 + 0.2 style noise tolerated). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
