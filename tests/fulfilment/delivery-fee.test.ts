import { describe, expect, it } from "vitest";
import { pickZone, zoneFeeCents } from "@/lib/delivery-fee";

// The one delivery-fee rule that checkout (browser), booking and order edits (server) all call.
const zones = [
  { id: 1, postalPrefixes: ["V1Y"], feeCents: 800, freeOverCents: null },
  { id: 2, postalPrefixes: ["v1y 9"], feeCents: 600, freeOverCents: 5000 },
  { id: 3, postalPrefixes: ["V1Y9"], feeCents: 600, freeOverCents: null },
  { id: 4, postalPrefixes: ["V4T"], feeCents: 0, freeOverCents: 2000 },
];
const same = (z: (typeof zones)[number]) => z;

describe("delivery fee", () => {
  it("waives a zone's fee from its free-over amount, not below it", () => {
    expect(zoneFeeCents({ feeCents: 600, freeOverCents: 5000 }, 4999)).toBe(600);
    expect(zoneFeeCents({ feeCents: 600, freeOverCents: 5000 }, 5000)).toBe(0);
    expect(zoneFeeCents({ feeCents: 600, freeOverCents: null }, 1_000_000)).toBe(600);
  });

  it("picks the cheapest covering zone after the waiver, then the oldest, ignoring spaces and case", () => {
    expect(pickZone(zones, "V1Y 9A1", 1000, same)).toEqual({
      zone: zones[1],
      feeCents: 600,
      waived: false,
    });
    expect(pickZone(zones, "v1y9a1", 5000, same)).toEqual({
      zone: zones[1],
      feeCents: 0,
      waived: true,
    });
    expect(pickZone(zones, "V1Y 1A1", 9000, same)).toEqual({
      zone: zones[0],
      feeCents: 800,
      waived: false,
    });
  });

  it("says waived only when the free-over amount was reached, and null when no zone covers the code", () => {
    expect(pickZone(zones, "V4T 1B2", 100, same)).toEqual({
      zone: zones[3],
      feeCents: 0,
      waived: false,
    });
    expect(pickZone(zones, "V4T 1B2", 2000, same)?.waived).toBe(true);
    expect(pickZone(zones, "V2A 1A1", 1000, same)).toBeNull();
  });
});
