import "server-only";
import { DateTime } from "luxon";
import { Info, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from "luxon";
import { hasTzData, tzOffset } from "@/lib/tz";

/**
 * A Luxon zone whose rules come from our tz data (lib/tz.ts), not from Node's ICU: Luxon's own
 * IANAZone asks Intl, and Node 20's data (2025c) still puts British Columbia on PST from November
 * 2026, an hour off. Luxon formats a custom zone by shifting to UTC by `offset`, so its text
 * follows these rules too. Every zone computation on the server goes through `zoneOf`.
 */
export class TzDataZone extends Zone {
  readonly #name: string;

  constructor(name: string) {
    super();
    this.#name = name;
  }

  get type(): string {
    return "tzdata";
  }

  get name(): string {
    return this.#name;
  }

  get ianaName(): string {
    return this.#name;
  }

  get isUniversal(): boolean {
    return false;
  }

  /** "GMT-7" (short) or "GMT-07:00" (long): our data carries no abbreviations. */
  offsetName(ts: number, { format }: ZoneOffsetOptions = {}): string {
    const offset = this.offset(ts);
    return offset === 0
      ? "GMT"
      : `GMT${formatOffset(offset, format === "long" ? "short" : "narrow")}`;
  }

  formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return formatOffset(this.offset(ts), format);
  }

  offset(ts: number): number {
    return tzOffset(this.#name, ts) ?? NaN;
  }

  equals(other: Zone): boolean {
    return other.type === "tzdata" && other.name === this.#name;
  }

  get isValid(): true {
    return true;
  }
}

/** "+5:30" (narrow, minutes only when there are some), "+05:30" (short), "+0530" (techie), as Luxon writes them. */
function formatOffset(offset: number, format: ZoneOffsetFormat): string {
  const sign = offset >= 0 ? "+" : "-";
  const hours = Math.trunc(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const hh = String(hours).padStart(2, "0");
  const mm = String(minutes).padStart(2, "0");
  if (format === "narrow") return `${sign}${hours}${minutes > 0 ? `:${minutes}` : ""}`;
  return format === "techie" ? `${sign}${hh}${mm}` : `${sign}${hh}:${mm}`;
}

const zones = new Map<string, TzDataZone>();

/**
 * The Luxon zone for a zone name: ours for the zones we carry data for (every zone a farm can pick),
 * else what Luxon makes of the name (its UTC for "UTC", Intl's rules for any other IANA name).
 */
export function zoneOf(name: string): Zone {
  let zone = zones.get(name);
  if (zone) return zone;
  if (!hasTzData(name)) return Info.normalizeZone(name);
  zone = new TzDataZone(name);
  zones.set(name, zone);
  return zone;
}

/**
 * The wall clock of an instant in an "Area/City" zone, from our tz data without a Luxon DateTime
 * ("2026-11-28T09:00:00.000Z" read as local time, and the zone's offset in minutes), or null for
 * other zone names and years outside four digits: lists and reports call it once per row, where a
 * Luxon DateTime each cost more than the rest of the row.
 */
export function wallClockOf(at: Date, timeZone: string): { local: string; offset: number } | null {
  const ms = at.getTime();
  const offset = timeZone.includes("/") ? tzOffset(timeZone, ms) : null;
  if (offset === null) return null;
  const local = new Date(ms + offset * 60_000).toISOString();
  return local.length === 24 ? { local, offset } : null;
}

/** YYYY-MM-DD of an instant in the zone. */
export function localDateOf(at: Date, timeZone: string): string {
  const wall = wallClockOf(at, timeZone);
  if (wall) return wall.local.slice(0, 10);
  return DateTime.fromJSDate(at, { zone: zoneOf(timeZone) }).toISODate()!;
}

/**
 * The instant a day (YYYY-MM-DD) starts in the zone, as Luxon's `fromISO(day, { zone }).startOf("day")`
 * finds it (its guess from the offset now, corrected once), from our tz data without a DateTime:
 * the reports ask for two per request. Luxon itself for zones without our data.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  if (!hasTzData(timeZone))
    return DateTime.fromISO(day, { zone: zoneOf(timeZone) })
      .startOf("day")
      .toJSDate();
  const local = Date.parse(`${day}T00:00:00Z`);
  const offset = (ms: number) => tzOffset(timeZone, ms)!;
  const o = offset(Date.now());
  let guess = local - o * 60_000;
  const o2 = offset(guess);
  if (o2 === o) return new Date(guess);
  guess -= (o2 - o) * 60_000;
  const o3 = offset(guess);
  return new Date(o3 === o2 ? guess : local - Math.min(o2, o3) * 60_000);
}
