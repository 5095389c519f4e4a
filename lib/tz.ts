import { TZ_DATA, TZ_DATA_VERSION } from "./tz-data";

/**
 * Time-zone rules, the same on the server and in every browser (docs/fulfilment.md, "Time-zone
 * data"). Node's ICU and the browsers each carry their own copy of the tz database, months or
 * years apart: Node 20's 2025c still had British Columbia changing clocks, where the database
 * (from 2026b) has it on UTC−7 for good from 1 November 2026. The zones a farm can pick are read
 * from lib/tz-data.ts (written from moment-timezone's data by scripts/build-tz-data.ts) instead;
 * any other zone name falls back to the runtime's Intl data. Plain functions, no Luxon, so client
 * components can use them (lib/format.ts); server code computes with Luxon through
 * lib/server/tz-zone.ts, which reads the same rules.
 */
export { TZ_DATA_VERSION };

/** The zones a farm can choose in My Farm → Fulfilment, and the only ones the API accepts. */
export const FARM_TIME_ZONES = [
  { value: "America/Vancouver", label: "Pacific (Vancouver)" },
  { value: "America/Edmonton", label: "Mountain (Edmonton)" },
  { value: "America/Regina", label: "Saskatchewan (Regina)" },
  { value: "America/Winnipeg", label: "Central (Winnipeg)" },
  { value: "America/Toronto", label: "Eastern (Toronto)" },
  { value: "America/Halifax", label: "Atlantic (Halifax)" },
  { value: "America/St_Johns", label: "Newfoundland (St. John's)" },
  { value: "America/Whitehorse", label: "Yukon (Whitehorse)" },
] as const;

/** A zone's periods: `ends[i]` (ms) ends the period with `offsets[i]` (minutes east of UTC); the last offset has no end. */
type Rules = { offsets: number[]; ends: number[] };

const MINUTE = 60_000;
const rules = new Map<string, Rules>();

function rulesOf(name: string): Rules | undefined {
  let r = rules.get(name);
  if (r) return r;
  const packed = Object.hasOwn(TZ_DATA, name) ? TZ_DATA[name] : undefined;
  if (!packed) return undefined;
  let minute = Date.UTC(1970, 0, 1) / MINUTE;
  r = {
    offsets: packed[0].split(" ").map(Number),
    ends: packed[1] ? packed[1].split(" ").map((s) => (minute += parseInt(s, 36)) * MINUTE) : [],
  };
  rules.set(name, r);
  return r;
}

/** True when the zone's rules come from our tz data (lib/tz-data.ts). */
export function hasTzData(name: string): boolean {
  return rulesOf(name) !== undefined;
}

/** Before 1970 the first period's offset is used: no date we show is that old. */
function dataOffset(r: Rules, ms: number): number {
  let lo = 0;
  let hi = r.ends.length;
  // The first period whose end is after `ms`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r.ends[mid] > ms) hi = mid;
    else lo = mid + 1;
  }
  return r.offsets[lo];
}

const intlFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The offset from the runtime's own data, for a zone we carry no rules for; null for no such zone. */
function intlOffset(name: string, ms: number): number | null {
  let format = intlFormats.get(name);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone: name,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      format = null;
    }
    intlFormats.set(name, format);
  }
  if (!format) return null;
  const whole = Math.floor(ms / 1000) * 1000;
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(whole)))
    if (p.type !== "literal") part[p.type] = Number(p.value);
  const wall = Date.UTC(
    part.year,
    part.month - 1,
    part.day,
    part.hour % 24,
    part.minute,
    part.second,
  );
  return Math.round((wall - whole) / MINUTE);
}

/**
 * The zone's offset from UTC in minutes (east positive: -420 for UTC−7) at an instant; null when
 * the name is no zone at all. "UTC" and "Etc/UTC" are 0.
 */
export function tzOffset(name: string, ms: number): number | null {
  const r = rulesOf(name);
  if (r) return dataOffset(r, ms);
  if (name === "UTC" || name === "Etc/UTC") return 0;
  return intlOffset(name, ms);
}

/** The wall clock of an instant in a zone, as a Date whose UTC fields are that clock (null for an unknown zone). */
export function wallDate(ms: number, name: string): Date | null {
  const offset = tzOffset(name, ms);
  return offset === null ? null : new Date(ms + offset * MINUTE);
}
