import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { gstRateAt } from "@/lib/server/tax/rates";

// A change of the standard GST rate at midnight Pacific time, 1 July 2030: 5 % until then, 6 % after.
const CHANGE = new Date("2030-07-01T07:00:00Z");
const ms = (d: Date, n: number) => new Date(d.getTime() + n);

beforeAll(async () => {
  await db.taxRate.updateMany({
    where: { name: "GST", taxClass: "standard", effectiveTo: null },
    data: { effectiveTo: CHANGE },
  });
  await db.taxRate.create({
    data: { name: "GST", taxClass: "standard", rateBps: 600, effectiveFrom: CHANGE },
  });
});

describe("gstRateAt (lib/server/tax/rates.ts)", () => {
  it("gives the rate with effectiveFrom ≤ at < effectiveTo, an open end running on", async () => {
    expect(await gstRateAt(db, new Date("2026-01-01T00:00:00Z"))).toBe(500);
    expect(await gstRateAt(db, ms(CHANGE, -1))).toBe(500);
    expect(await gstRateAt(db, CHANGE)).toBe(600);
    expect(await gstRateAt(db, new Date("2040-01-01T00:00:00Z"))).toBe(600);
  });

  it("gives 0 before any rate", async () => {
    expect(await gstRateAt(db, new Date("2007-12-31T00:00:00Z"))).toBe(0);
  });

  // The tax report asks at its period's end − 1 ms for the rate in force just before the end,
  // effectiveFrom < end ≤ effectiveTo (timestamps are whole ms): a period ending on the change
  // still has the old rate.
  it.each([
    ["a day before the change", ms(CHANGE, -86_400_000), 500],
    ["1 ms before the change", ms(CHANGE, -1), 500],
    ["on the change", CHANGE, 500],
    ["1 ms after the change", ms(CHANGE, 1), 600],
    ["a day after the change", ms(CHANGE, 86_400_000), 600],
  ])(
    "gives a tax report period ending %s the rate in force before its end",
    async (_, end, bps) => {
      expect(await gstRateAt(db, ms(end, -1))).toBe(bps);
    },
  );
});
