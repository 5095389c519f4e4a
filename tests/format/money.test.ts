import { describe, expect, it } from "vitest";
import {
  dollarsToCents,
  formatCasePrice,
  formatLinePrice,
  hasAtMostTwoDecimals,
} from "@/lib/money";

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

describe("prices as a line or a card says them", () => {
  it("a line bought by the case is priced per case, in cents (0.1 × 3 is $0.30)", () => {
    expect(formatLinePrice(4.5, "250 g bag", 6)).toBe("$27.00 / case");
    expect(formatLinePrice(0.1, "lb", 3)).toBe("$0.30 / case");
    expect(formatLinePrice(4.5, "250 g bag")).toBe("$4.50 / 250 g bag");
  });

  it("a card names what the case holds", () => {
    expect(formatCasePrice(4.5, "250 g bag", 6)).toBe("$27.00 / case of 6 bags (250 g)");
    expect(formatCasePrice(2, "lb", 10)).toBe("$20.00 / case of 10 lb");
  });
});
