/**
 * Client money goes through lib/money.ts (docs/money.md): amounts add and multiply as integer
 * cents, and text is made from cents. The last block reads the UI's source for the hand-made
 * conversions the helpers replace.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  amountInputText,
  centsToDollars,
  dollarsToCents,
  formatCents,
  lineCents,
  MAX_BALANCE_CENTS,
  sumCents,
  sumDollarsInCents,
} from "@/lib/money";

describe("lib/money.ts helpers", () => {
  it.each([
    [0, "$0.00"],
    [1, "$0.01"],
    [50, "$0.50"],
    [123_456, "$1,234.56"],
    [-250, "-$2.50"],
    [MAX_BALANCE_CENTS, "$1,000,000.00"],
  ])("formatCents(%i) is %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("converts both ways without drift", () => {
    expect([0.29, 1.15, 4.35, 10000.31].map(dollarsToCents)).toEqual([29, 115, 435, 1_000_031]);
    expect([29, 115, 435, 1_000_031].map(centsToDollars)).toEqual([0.29, 1.15, 4.35, 10000.31]);
  });

  it.each([
    [1.15, 3, 345],
    [0.1, 3, 30],
    [4.35, 12, 5220],
    [2, 0, 0],
  ])("lineCents(%s, %i) is %i", (price, quantity, cents) => {
    expect(lineCents(price, quantity)).toBe(cents);
  });

  it("sums in cents, from cents or from dollars", () => {
    expect(sumCents([1, 2, 3], (n) => n)).toBe(6);
    expect(sumCents([], (n: number) => n)).toBe(0);
    expect(sumCents(new Set([10, 20]), (n) => n)).toBe(30);
    expect(sumDollarsInCents([0.1, 0.2], (n) => n)).toBe(30);
    expect(sumDollarsInCents([{ a: 1.15 }, { a: 4.35 }], (x) => x.a)).toBe(550);
  });

  it.each([
    [12, "12"],
    [12.5, "12.50"],
    [0.29, "0.29"],
    [1.15, "1.15"],
    [0, "0"],
    [10000.31, "10000.31"],
  ])("amountInputText(%s) is %s", (dollars, text) => {
    expect(amountInputText(dollars)).toBe(text);
  });

  it("one balance cap, $1,000,000.00, in cents", () => {
    expect(MAX_BALANCE_CENTS).toBe(100_000_000);
  });
});

const root = path.resolve(import.meta.dirname, "../..");
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

// What converting or rounding money by hand looks like; percentages (`share * 100`) are not money.
const BY_HAND = [
  /\/\s*100\b/,
  /toFixed\(2\)/,
  /(price|amount|total|balance|fee|subtotal|cents|owed)\w*\)*\s*\*\s*100\b/i,
];

describe("client code converts money only through lib/money.ts", () => {
  it("no component, page or client module divides or multiplies money by 100 itself", () => {
    const found = ["components", "app", "lib/client"].flatMap(sources).flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          BY_HAND.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
