import { formatCurrency, formatUnits } from "@/lib/format";

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

/** Cents as a machine reads them (CSV files): 123456 → "1234.56", -257 → "-2.57". */
export function centsToDecimal(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Dollars as a form field holds them: whole amounts bare ("12"), others with cents ("12.50"). */
export function amountInputText(dollars: number): string {
  const cents = dollarsToCents(dollars);
  return cents % 100 === 0 ? String(cents / 100) : centsToDecimal(cents);
}

/** A line's cost in cents: a dollar price times a whole quantity. */
export function lineCents(price: number, quantity: number): number {
  return dollarsToCents(price) * quantity;
}

/**
 * A line's price as its quantity counts it (lib/format.ts, formatQuantity): "$27.00 / case" for
 * a line bought by the case, else "$4.50 / 250 g bag".
 */
export function formatLinePrice(price: number, unit: string, caseSize = 1): string {
  return caseSize > 1
    ? `${formatCents(lineCents(price, caseSize))} / case`
    : `${formatCurrency(price)} / ${unit.trim()}`;
}

/** What a case costs and holds, where a restaurant picks a product: "$27.00 / case of 6 bags (250 g)". */
export function formatCasePrice(price: number, unit: string, caseSize: number): string {
  return `${formatCents(lineCents(price, caseSize))} / case of ${formatUnits(caseSize, unit)}`;
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
