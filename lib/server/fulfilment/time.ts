import "server-only";
import { DateTime } from "luxon";
import { wallClockOf, zoneOf } from "@/lib/server/tz-zone";

/**
 * Slot arithmetic in the farm's time zone (docs/fulfilment.md). A window says "every Saturday
 * 09:00–13:00, orders close 40 hours before"; a slot is one dated occurrence of it. Local wall
 * times are turned into instants by Luxon with the farm's zone, whose rules come from our tz data
 * (`zoneOf`, lib/tz.ts), so a Saturday market stays at 09:00 local on both sides of a clock
 * change. The cutoff is `cutoffHours` of elapsed time before the start.
 */
export type WindowTimes = {
  id: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  cutoffHours: number;
};
export type SlotTimes = {
  windowId: number;
  localDate: string;
  start: Date;
  end: Date;
  cutoff: Date;
};

/** A local wall time (minutes after midnight, 1440 = the next midnight) on a local date as an instant. Inside a spring-forward gap Luxon moves it forward (02:30 → 03:30). */
function atLocal(localDate: string, minute: number, timeZone: string): DateTime {
  const [year, month, day] = localDate.split("-").map(Number);
  return DateTime.fromObject({ year, month, day }, { zone: zoneOf(timeZone) })
    .plus({ days: Math.floor(minute / 1440) })
    .set({ hour: Math.floor((minute % 1440) / 60), minute: minute % 60 });
}

/** The slot of `window` on `localDate` (YYYY-MM-DD in `timeZone`), or null when that date is not the window's weekday. */
export function slotOn(window: WindowTimes, localDate: string, timeZone: string): SlotTimes | null {
  const day = DateTime.fromISO(localDate, { zone: zoneOf(timeZone) });
  if (!day.isValid || day.weekday % 7 !== window.weekday) return null;
  const start = atLocal(localDate, window.startMinute, timeZone);
  const end = atLocal(localDate, window.endMinute, timeZone);
  return {
    windowId: window.id,
    localDate,
    start: start.toJSDate(),
    end: end.toJSDate(),
    cutoff: start.minus({ hours: window.cutoffHours }).toJSDate(),
  };
}

/** Every slot of these windows starting within `days` days of `now` whose cutoff is still ahead, soonest first. */
export function upcomingSlots(
  windows: WindowTimes[],
  timeZone: string,
  now: Date,
  days: number,
): SlotTimes[] {
  const today = DateTime.fromJSDate(now, { zone: zoneOf(timeZone) }).startOf("day");
  const horizon = now.getTime() + days * 24 * 3600 * 1000;
  const slots: SlotTimes[] = [];
  for (let d = 0; d <= days; d++) {
    const localDate = today.plus({ days: d }).toISODate()!;
    for (const w of windows) {
      const s = slotOn(w, localDate, timeZone);
      if (s && s.cutoff.getTime() > now.getTime() && s.start.getTime() <= horizon) slots.push(s);
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime() || a.windowId - b.windowId);
}

/**
 * An instant written with the farm's offset: "2026-11-28T09:00:00.000-07:00" (what Luxon's
 * `toISO()` writes). Every order in a list writes four of these, and building a Luxon DateTime
 * for each was a tenth of `GET /api/orders`' CPU (docs/architecture.md, "Where the time goes"):
 * for an "Area/City" zone the offset is looked up in our tz data (lib/tz.ts) and the string is
 * written directly. Other zone names go through Luxon, which writes "Z" for its fixed UTC zone.
 */
export function toLocalIso(at: Date, timeZone: string): string {
  const wall = wallClockOf(at, timeZone);
  if (!wall) return DateTime.fromJSDate(at, { zone: zoneOf(timeZone) }).toISO()!;
  const { local, offset } = wall;
  const abs = Math.abs(offset);
  return `${local.slice(0, 23)}${offset < 0 ? "-" : "+"}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;
