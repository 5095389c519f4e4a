import { describe, expect, it } from "vitest";
import { slotOn, toLocalIso, upcomingSlots } from "@/lib/server/fulfilment/time";
import { zoneOf } from "@/lib/server/tz-zone";

const VAN = "America/Vancouver";
const saturdayMarket = {
  id: 1,
  weekday: 6,
  startMinute: 9 * 60,
  endMinute: 13 * 60,
  cutoffHours: 40,
};
const local = (d: Date) => toLocalIso(d, VAN);
/** The Vancouver slot on `date` of a window open over `hours` (local, from and to; 2.5 is 02:30). */
const vanSlot = (
  w: { id: number; weekday: number; hours: [number, number]; cutoffHours: number },
  date: string,
) => {
  const [startMinute, endMinute] = w.hours.map((h) => h * 60);
  return slotOn(
    { id: w.id, weekday: w.weekday, startMinute, endMinute, cutoffHours: w.cutoffHours },
    date,
    VAN,
  )!;
};

describe("slot times in the farm's zone", () => {
  it("1 November 2026 is no change any more: a Saturday 09:00 market is 09:00-07:00 on both sides", () => {
    // British Columbia stays on UTC−7 from 1 November 2026 (tz database 2026b on); Node 20's own
    // data (2025c) still fell back to PST that day, an hour off.
    const before = slotOn(saturdayMarket, "2026-10-31", VAN)!;
    const after = slotOn(saturdayMarket, "2026-11-07", VAN)!;
    expect([local(before.start), local(before.end), local(before.cutoff)]).toEqual([
      "2026-10-31T09:00:00.000-07:00",
      "2026-10-31T13:00:00.000-07:00",
      "2026-10-29T17:00:00.000-07:00",
    ]);
    expect([local(after.start), local(after.end), local(after.cutoff)]).toEqual([
      "2026-11-07T09:00:00.000-07:00",
      "2026-11-07T13:00:00.000-07:00",
      "2026-11-05T17:00:00.000-07:00",
    ]);
    expect(after.start.toISOString()).toBe("2026-11-07T16:00:00.000Z");
    expect(before.start.toISOString()).toBe("2026-10-31T16:00:00.000Z");
  });

  it("2026-11-27 15:00 in Vancouver is 22:00 UTC", () => {
    const friday = vanSlot({ id: 6, weekday: 5, hours: [15, 17], cutoffHours: 0 }, "2026-11-27");
    expect(friday.start.toISOString()).toBe("2026-11-27T22:00:00.000Z");
    expect(local(friday.start)).toBe("2026-11-27T15:00:00.000-07:00");
  });

  it("the last change, 8 March 2026: a Sunday 02:00 start falls in the gap and moves to 03:00", () => {
    // Daylight saving started on Sunday 8 March 2026 at 02:00, for the last time.
    const sundayEarly = vanSlot({ id: 2, weekday: 0, hours: [2, 6], cutoffHours: 0 }, "2026-03-08");
    expect(local(sundayEarly.start)).toBe("2026-03-08T03:00:00.000-07:00");
    expect(local(sundayEarly.end)).toBe("2026-03-08T06:00:00.000-07:00");
  });

  it("no spring-forward gap in March 2027: Sunday 14 March 02:30 exists, at -07:00", () => {
    const sundayEarly = vanSlot(
      { id: 2, weekday: 0, hours: [2.5, 6], cutoffHours: 0 },
      "2027-03-14",
    );
    expect(local(sundayEarly.start)).toBe("2027-03-14T02:30:00.000-07:00");
    expect(sundayEarly.start.toISOString()).toBe("2027-03-14T09:30:00.000Z");
  });

  // A cutoff is elapsed hours: 48 of them before Monday 10:00 PDT on 9 March 2026 is Saturday
  // 09:00 PST (the clock jumped in between); in 2027, with no change, they are plain hours.
  it.each([
    ["2026-03-09", "2026-03-09T10:00:00.000-07:00", "2026-03-07T09:00:00.000-08:00"],
    ["2027-03-15", "2027-03-15T10:00:00.000-07:00", "2027-03-13T10:00:00.000-07:00"],
  ])("a Monday delivery on %s starts at %s, 48 h cutoff at %s", (date, start, cutoff) => {
    const mondayDelivery = vanSlot({ id: 3, weekday: 1, hours: [10, 14], cutoffHours: 48 }, date);
    expect(local(mondayDelivery.start)).toBe(start);
    expect(local(mondayDelivery.cutoff)).toBe(cutoff);
  });

  it("a window may end at midnight (24:00 is the next day's 00:00)", () => {
    const late = vanSlot({ id: 4, weekday: 5, hours: [20, 24], cutoffHours: 2 }, "2026-11-27");
    expect(local(late.end)).toBe("2026-11-28T00:00:00.000-07:00");
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
    // Thursday 26 Nov 2026 18:00 Vancouver (UTC−7): Saturday's cutoff (Thu 17:00) has just passed.
    const now = new Date("2026-11-27T01:00:00Z");
    const slots = upcomingSlots([saturdayMarket, wednesday], VAN, now, 14);
    expect(slots.map((s) => `${s.windowId}@${s.localDate}`)).toEqual([
      "5@2026-12-02",
      "1@2026-12-05",
      "5@2026-12-09",
    ]);
    // One hour earlier the Saturday of the same week still takes orders.
    const earlier = upcomingSlots([saturdayMarket], VAN, new Date("2026-11-26T23:59:00Z"), 7);
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
  it("writes what Luxon's toISO writes with the same zone, across DST changes, quarter-hour zones and the year's edges", async () => {
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
        (d) => toLocalIso(d, zone) !== DateTime.fromJSDate(d, { zone: zoneOf(zone) }).toISO(),
      );
      expect(mismatches.map((d) => [zone, d.toISOString()]).slice(0, 3)).toEqual([]);
    }
  });
});
