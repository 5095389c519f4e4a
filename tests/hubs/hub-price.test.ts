import { describe, expect, it } from "vitest";
import {
  bpsToPercent,
  hubPriceCents,
  hubPriceOf,
  percentToBps,
  wholesaleCents,
} from "@/lib/hub-price";

describe("hub prices (lib/hub-price.ts)", () => {
  it("percents become basis points and back, at most 2 decimals exact", () => {
    expect(percentToBps(12.5)).toBe(1250);
    expect(percentToBps(0.07)).toBe(7);
    expect(percentToBps(33.33)).toBe(3333);
    expect(bpsToPercent(1250)).toBe(12.5);
    expect(bpsToPercent(3333)).toBe(33.33);
  });

  it("wholesale is the price less the discount, rounded half up to the cent", () => {
    expect(wholesaleCents(1000, 1500)).toBe(850);
    expect(wholesaleCents(999, 1000)).toBe(899); // 899.1
    expect(wholesaleCents(5, 1000)).toBe(5); // 4.5 rounds up
    expect(wholesaleCents(1234, 0)).toBe(1234);
  });

  it("the hub price is wholesale × (1 + margin), rounded to the cent once", () => {
    expect(hubPriceCents(850, 2000)).toBe(1020);
    expect(hubPriceCents(333, 3333)).toBe(444); // 443.9889
    expect(hubPriceCents(15, 1000)).toBe(17); // 16.5 rounds up, once
    expect(hubPriceCents(899, 0)).toBe(899);
    // Half a cent exactly, up: 1 × 1.5
    expect(hubPriceCents(1, 5000)).toBe(2);
  });

  it("from the farm's price: wholesale in cents first, then the margin on it", () => {
    expect(hubPriceOf(450, { discountBps: 1250, marginBps: 2500 })).toEqual({
      wholesaleCents: 394, // 393.75
      hubPriceCents: 493, // 394 × 1.25 = 492.5
    });
  });
});
