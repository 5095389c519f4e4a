import { describe, expect, it } from "vitest";
import { slotOn, toLocalIso, upcomingSlots } from "@/lib/server/fulfilment/time";

const VAN = "America/Vancouver";
const saturdayMarket = {
  id: 1,
  weekday: 6,
  startMinute: 9 * 60,
  endMinute: 13 * 60,
  cutoffHours: 40,
};
const local = (d: Date) => toLocalIso(d, VAN);

describe("slot times in the farm's zone", () => {
  it("a Saturday 09:00 market stays at 09:00 local across the November change (-07:00, then -08:00)", () => {
    // Daylight saving ended on Sunday 1 November 2026 in Vancouver.
    const before = slotOn(saturdayMarket, "2026-10-31", VAN)!;
    const after = slotOn(saturdayMarket, "2026-11-07", VAN)!;
    expect([local(before.start), local(before.end), local(before.cutoff)]).toEqual([
      "2026-10-31T09:00:00.000-07:00",
      "2026-10-31T13:00:00.000-07:00",
      "2026-10-29T17:00:00.000-07:00",
    ]);
    expect([local(after.start), local(after.end), local(after.cutoff)]).toEqual([
      "2026-11-07T09:00:00.000-08:00",
      "2026-11-07T13:00:00.000-08:00",
      "2026-11-05T17:00:00.000-08:00",
    ]);
    expect(after.start.toISOString()).toBe("2026-11-07T17:00:00.000Z");
    expect(before.start.toISOString()).toBe("2026-10-31T16:00:00.000Z");
  });

  it("in the March change week: a Sunday 02:00 start falls in the gap and moves to 03:00; a cutoff across the change is elapsed hours", () => {
    // Daylight saving starts on Sunday 14 March 2027 at 02:00.
    const sundayEarly = slotOn(
      { id: 2, weekday: 0, startMinute: 2 * 60, endMinute: 6 * 60, cutoffHours: 0 },
      "2027-03-14",
      VAN,
    )!;
    expect(local(sundayEarly.start)).toBe("2027-03-14T03:00:00.000-07:00");
    expect(local(sundayEarly.end)).toBe("2027-03-14T06:00:00.000-07:00");
    const mondayDelivery = slotOn(
      { id: 3, weekday: 1, startMinute: 10 * 60, endMinute: 14 * 60, cutoffHours: 48 },
      "2027-03-15",
      VAN,
    )!;
    expect(local(mondayDelivery.start)).toBe("2027-03-15T10:00:00.000-07:00");
    // 48 elapsed hours before Monday 10:00 PDT is Saturday 09:00 PST (the clock jumped in between).
    expect(local(mondayDelivery.cutoff)).toBe("2027-03-13T09:00:00.000-08:00");
  });

  it("a window may end at midnight (24:00 is the next day's 00:00)", () => {
    const late = slotOn(
      { id: 4, weekday: 5, startMinute: 20 * 60, endMinute: 24 * 60, cutoffHours: 2 },
      "2026-11-27",
      VAN,
    )!;
    expect(local(late.end)).toBe("2026-11-28T00:00:00.000-08:00");
  });

  it("other weekdays have no slot of that window", () => {
    expect(slotOn(saturdayMarket, "2026-11-27", VAN)).toBeNull();
  });

  it("upcoming slots: within the horizon, cutoff still ahead, soonest first, in the farm's zone (not the server's)", () => {
    const wednesday = {
      id: 5,
      weekday: 3,
      startMinute: 14 * 60,
      endMinute: 18 * 60,
      cutoffHours: 24,
    };
    // Thursday 26 Nov 2026 18:00 Vancouver: Saturday's cutoff (Thu 17:00) has just passed.
    const now = new Date("2026-11-27T02:00:00Z");
    const slots = upcomingSlots([saturdayMarket, wednesday], VAN, now, 14);
    expect(slots.map((s) => `${s.windowId}@${s.localDate}`)).toEqual([
      "5@2026-12-02",
      "1@2026-12-05",
      "5@2026-12-09",
    ]);
    // One hour earlier the Saturday of the same week still takes orders.
    const earlier = upcomingSlots([saturdayMarket], VAN, new Date("2026-11-27T00:59:00Z"), 7);
    expect(earlier.map((s) => s.localDate)).toEqual(["2026-11-28"]);
    // Tokyo's Saturday 09:00 is Friday 16:00 in Vancouver: the date is the farm's.
    const tokyo = upcomingSlots(
      [{ ...saturdayMarket, cutoffHours: 0 }],
      "Asia/Tokyo",
      new Date("2026-11-23T00:00:00Z"),
      7,
    );
    expect(tokyo.map((s) => [s.localDate, toLocalIso(s.start, "Asia/Tokyo")])).toEqual([
      ["2026-11-28", "2026-11-28T09:00:00.000+09:00"],
    ]);
  });
});

describe("toLocalIso", () => {
  it("writes what Luxon's toISO writes, across DST changes, quarter-hour zones and the year's edges", async () => {
    const { DateTime } = await import("luxon");
    const zones = [
      VAN,
      "America/St_Johns",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Europe/London",
      "Etc/UTC",
      "Pacific/Chatham",
      "UTC",
      "Not/AZone",
    ];
    // Every 32 minutes and 13 seconds through 2026 and into 2027 (each DST change of these zones), plus odd milliseconds.
    const instants: Date[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 3, 1); t += 1_933_000)
      instants.push(new Date(t + (t % 997)));
    for (const zone of zones) {
      const mismatches = instants.filter(
        (d) => toLocalIso(d, zone) !== DateTime.fromJSDate(d, { zone }).toISO(),
      );
      expect(mismatches.map((d) => [zone, d.toISOString()]).slice(0, 3)).toEqual([]);
    }
  });
});
