import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import moment from "moment-timezone";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "@/lib/format";
import { startOfLocalDay, zoneOf } from "@/lib/server/tz-zone";
import { FARM_TIME_ZONES, hasTzData, TZ_DATA_VERSION, tzOffset } from "@/lib/tz";
import { isTimeZone } from "@/lib/validators/fulfilment";
import { tzDataSource } from "@/scripts/build-tz-data";

const VAN = "America/Vancouver";
const root = path.resolve(import.meta.dirname, "../..");

describe("our tz data (lib/tz-data.ts, from moment-timezone)", () => {
  it("is what scripts/build-tz-data.ts writes from the installed moment-timezone (run `npm run tz-data` after upgrading it)", async () => {
    expect(fs.readFileSync(path.join(root, "lib/tz-data.ts"), "utf8")).toBe(await tzDataSource());
    expect(TZ_DATA_VERSION).toBe(moment.tz.dataVersion);
  });

  it("docs/fulfilment.md names the data version in use", () => {
    expect(fs.readFileSync(path.join(root, "docs/fulfilment.md"), "utf8")).toContain(
      `tz database ${TZ_DATA_VERSION}`,
    );
  });

  it("carries every zone a farm can pick, with moment-timezone's offsets from 1970 to 2100", () => {
    const instants: number[] = [];
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2100, 0, 1); t += 7 * 3600_000 + 1)
      instants.push(t);
    for (const { value } of FARM_TIME_ZONES) {
      expect(hasTzData(value)).toBe(true);
      const zone = moment.tz.zone(value)!;
      // Each change, a minute either side, and every 7 hours in between.
      const near = zone.untils
        .filter((u) => u > 0 && u < Date.UTC(2100, 0, 1))
        .flatMap((u) => [u - 60_000, u - 1, u, u + 60_000]);
      const wrong = [...near, ...instants].filter((t) => tzOffset(value, t) !== -zone.utcOffset(t));
      expect(wrong.slice(0, 3).map((t) => [value, new Date(t).toISOString()])).toEqual([]);
    }
  });

  it("British Columbia is on UTC−7 for good from 1 November 2026, where Node 20's own data still says PST", () => {
    const friday3pm = Date.UTC(2026, 10, 27, 22);
    expect(tzOffset(VAN, friday3pm)).toBe(-420);
    expect(tzOffset(VAN, Date.UTC(2026, 1, 1))).toBe(-480); // the last PST winter
    expect(tzOffset(VAN, Date.UTC(2030, 0, 15))).toBe(-420);
    expect(tzOffset(VAN, Date.UTC(2027, 6, 1))).toBe(-420);
  });
});

describe("the Luxon zone (lib/server/tz-zone.ts)", () => {
  const zone = zoneOf(VAN);

  it("2026-11-27 15:00 America/Vancouver is 22:00 UTC", () => {
    const t = DateTime.fromObject({ year: 2026, month: 11, day: 27, hour: 15 }, { zone });
    expect(t.toUTC().toISO()).toBe("2026-11-27T22:00:00.000Z");
    expect(t.toISO()).toBe("2026-11-27T15:00:00.000-07:00");
  });

  it("no spring-forward gap in March 2027: 2027-03-14 02:30 exists, at -07:00", () => {
    const t = DateTime.fromObject({ year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, { zone });
    expect(t.toISO()).toBe("2027-03-14T02:30:00.000-07:00");
    expect(t.toUTC().toISO()).toBe("2027-03-14T09:30:00.000Z");
    // The gap of 8 March 2026, the last change, is still there: 02:30 moves to 03:30.
    const gap = DateTime.fromObject(
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
      { zone },
    );
    expect(gap.toISO()).toBe("2026-03-08T03:30:00.000-07:00");
  });

  it("is a full Luxon zone: name, type, offsets, equality, validity, and Luxon's formatting follows it", () => {
    const ts = Date.UTC(2026, 10, 27, 22);
    expect([zone.name, zone.type, zone.isUniversal, zone.isValid]).toEqual([
      VAN,
      "tzdata",
      false,
      true,
    ]);
    expect(zone.offset(ts)).toBe(-420);
    expect(["narrow", "short", "techie"].map((f) => zone.formatOffset(ts, f as "short"))).toEqual([
      "-7",
      "-07:00",
      "-0700",
    ]);
    expect(zoneOf("America/St_Johns").formatOffset(ts, "narrow")).toBe("-3:30");
    expect(zone.offsetName(ts, { format: "short" })).toBe("GMT-7");
    expect(zone.equals(zoneOf(VAN))).toBe(true);
    expect(zone.equals(zoneOf("America/Edmonton"))).toBe(false);
    const t = DateTime.fromMillis(ts, { zone }).setLocale("en-US");
    expect(t.toFormat("ccc d LLL, h:mm a")).toBe("Fri 27 Nov, 3:00 PM");
    expect(t.toLocaleString(DateTime.TIME_SIMPLE).replace(/\s/g, " ")).toBe("3:00 PM");
    // Names outside our data are Luxon's own: UTC is fixed, an unknown name invalid.
    expect(zoneOf("UTC").isUniversal).toBe(true);
    expect(zoneOf("Not/AZone").isValid).toBe(false);
  });

  it('a day starts where Luxon\'s startOf("day") says, in every farm zone, DST changes included', () => {
    for (const { value } of [...FARM_TIME_ZONES, { value: "UTC" }]) {
      for (let t = Date.UTC(2010, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        const luxon = DateTime.fromISO(day, { zone: zoneOf(value) }).startOf("day");
        expect(startOfLocalDay(day, value).getTime(), `${value} ${day}`).toBe(luxon.toMillis());
      }
    }
  });
});

describe("one clock for every time a person reads (lib/format.ts)", () => {
  it("an order placed at 16:44 UTC on 27 Nov 2026 reads 9:44 AM in Vancouver, as a browser with current data shows it", () => {
    const placed = "2026-11-27T16:44:00.000Z";
    expect(`${formatDate(placed)}, ${formatTime(placed)}`).toBe("Nov 27, 2026, 9:44 AM");
    expect(formatDateTime(placed)).toBe("Nov 27, 2026, 9:44 AM");
  });
});

describe("the zones a farm can pick", () => {
  it("are the zones our data carries; others are refused", () => {
    for (const { value } of FARM_TIME_ZONES) expect(isTimeZone(value)).toBe(true);
    for (const zone of ["Asia/Tokyo", "UTC", "Mars/Olympus", "", "America/Vancouver/"])
      expect(isTimeZone(zone)).toBe(false);
  });
});
