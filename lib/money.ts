import { formatCurrency } from "@/lib/format";

/*
 * Money is integer cents inside; the JSON API speaks dollars with at most 2 decimals (see
 * docs/money.md). Every conversion, sum and product of amounts goes through these helpers, on the
 * server and in the browser alike: amounts add and multiply as integer cents, never as dollars.
 */

/** A wallet never holds more than this (top-ups, refunds and adjustments alike): $1,000,000.00. */
export const MAX_BALANCE_CENTS = 100_000_000;

/** Cents to the API's dollars. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (already validated to ≤ 2 decimals) to integer cents without float drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents as a buyer reads them: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return formatCurrency(centsToDollars(cents));
}

/** Dollars as a form field holds them: whole amounts bare ("12"), others with cents ("12.50"). */
export function amountInputText(dollars: number): string {
  const cents = dollarsToCents(dollars);
  if (cents % 100 === 0) return String(cents / 100);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A line's cost in cents: a dollar price times a whole quantity. */
export function lineCents(price: number, quantity: number): number {
  return dollarsToCents(price) * quantity;
}

/** The sum in cents of what `centsOf` gives for each item. */
export function sumCents<T>(items: Iterable<T>, centsOf: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += centsOf(item);
  return total;
}

/** The sum in cents of dollar amounts (0.1 + 0.2 is 30 cents, not 0.30000000000000004). */
export function sumDollarsInCents<T>(items: Iterable<T>, dollarsOf: (item: T) => number): number {
  return sumCents(items, (item) => dollarsToCents(dollarsOf(item)));
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
