/** Money is integer cents inside; the JSON API speaks dollars with at most 2 decimals (see docs/money.md). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (already validated to ≤ 2 decimals) to integer cents without float drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * True when the number, as it was sent, has at most two decimal places. JSON.parse keeps the
 * shortest text that round-trips, so `String(value)` is the amount as written: "0.009999999" is
 * refused (a tolerance once rounded it to a credited cent), and so is float noise such as
 * 0.30000000000000004 or an exponent ("1e-7"). See docs/money.md.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}
