import { describe, expect, it } from "vitest";
import { dollarsToCents, hasAtMostTwoDecimals } from "@/lib/money";

describe("hasAtMostTwoDecimals: the number as sent has at most two decimals, nothing tolerated", () => {
  it.each([0.01, 0.1, 0.2, 1, 12.5, 10_000, 10000.31, 99999.99, 4.35, 1.15, 0.29])(
    "accepts %s",
    (n) => {
      expect(hasAtMostTwoDecimals(n)).toBe(true);
    },
  );
  it.each([
    0.009999999,
    1.0000001,
    0.0100000001,
    0.30000000000000004,
    1.001,
    1e-7,
    0.001,
    -0.001,
    1.005,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])("refuses %s", (n) => {
    expect(hasAtMostTwoDecimals(n)).toBe(false);
  });
  it("accepted amounts convert to exact cents", () => {
    expect([0.29, 1.15, 4.35, 10000.31].map(dollarsToCents)).toEqual([29, 115, 435, 1_000_031]);
  });
});
