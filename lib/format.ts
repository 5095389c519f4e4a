import { CURRENCY } from "./currency";
import { wallDate } from "./tz";

/**
 * Display formatting: every date and time a person reads, on a page, in an email or a PDF, is
 * written here. Times take an IANA zone, defaulting to the marketplace's own, and are read in our
 * tz data (lib/tz.ts) rather than the runtime's, so the server's render and every browser write the
 * same text (docs/fulfilment.md, "Time-zone data").
 */

export const DEFAULT_TIME_ZONE = "America/Vancouver";

export type DateInput = Date | string | number;
export type TimeZoneOption = { timeZone?: string };

/** First letters of the first and last words; one word gives its first two letters; empty gives "?". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  // Array.from splits by code point, so an accented or astral first letter stays whole.
  if (words.length === 1) return Array.from(words[0]).slice(0, 2).join("").toUpperCase();
  return (Array.from(words[0])[0] + Array.from(words[words.length - 1])[0]).toUpperCase();
}

/**
 * USD, en-US, two decimals: 1234.5 → "$1,234.50". Amounts are dollars (the API's unit).
 *
 * Written out instead of an Intl.NumberFormat made when this module loads: a browser's first
 * currency formatter loads ICU's currency data, 35–60 ms of main thread here (134–252 ms under
 * Lighthouse's 4× slower CPU), and every signed-in page imports this module at start-up. It rounds
 * as Intl does: the number's shortest decimal form (what String() writes), half away from zero, so
 * 1066.455 is "$1,066.46" where toFixed, reading the binary value just under it, says 1066.45
 * (tests/format/format.test.ts compares the two over 20,000 amounts). No "-$0.00" when a tiny
 * negative rounds to zero, as Intl's signDisplay "negative".
 */
export function formatCurrency(dollars: number): string {
  if (!Number.isFinite(dollars)) return "—";
  const abs = Math.abs(dollars);
  // String() writes these in exponent form: under a millionth of a dollar is $0.00, and no price is
  // near 10^21 (said as Intl says it).
  if (abs >= 1e21)
    return new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY }).format(
      dollars,
    );
  const [whole, decimals = ""] = abs < 1e-6 ? ["0"] : String(abs).split(".");
  const digits = `${decimals}000`;
  const cents = BigInt(whole) * 100n + BigInt(digits.slice(0, 2)) + (digits[2] >= "5" ? 1n : 0n);
  const sign = dollars < 0 && cents > 0n ? "-" : "";
  const grouped = String(cents / 100n).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${sign}$${grouped}.${String(cents % 100n).padStart(2, "0")}`;
}

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** The zone's wall clock at an instant (its UTC fields), or null for an invalid date or zone. */
function zoned(value: DateInput, timeZone: string): Date | null {
  const d = toDate(value);
  return d && wallDate(d.getTime(), timeZone);
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const time12 = (w: Date) =>
  `${w.getUTCHours() % 12 || 12}:${pad2(w.getUTCMinutes())} ${w.getUTCHours() < 12 ? "AM" : "PM"}`;

/** Short month, day and year: "Nov 22, 2026". An invalid date gives "". */
export function formatDate(
  value: DateInput,
  { timeZone = DEFAULT_TIME_ZONE }: TimeZoneOption = {},
): string {
  const w = zoned(value, timeZone);
  return w ? `${MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()}` : "";
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (YYYY-MM-DD: a due date, a payout's week, a post's day) in the same words:
 * "Dec 15, 2026". It is a day, not an instant, so no zone moves it. Not a day gives "".
 */
export function formatDay(day: string): string {
  const m = YMD.exec(day);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : "";
}

/** 12-hour time: "3:05 PM". An invalid date gives "". */
export function formatTime(
  value: DateInput,
  { timeZone = DEFAULT_TIME_ZONE }: TimeZoneOption = {},
): string {
  const w = zoned(value, timeZone);
  return w ? time12(w) : "";
}

/** A moment, on a page, in an email or a PDF: "Nov 28, 2026, 9:00 AM". An invalid date gives "". */
export function formatDateTime(value: DateInput, opts: TimeZoneOption = {}): string {
  const date = formatDate(value, opts);
  return date && `${date}, ${formatTime(value, opts)}`;
}

/** Message list: 24-hour "HH:MM" ("15:05", midnight is "00:00"). An invalid date gives "". */
export function formatMessageListTime(
  value: DateInput,
  { timeZone = DEFAULT_TIME_ZONE }: TimeZoneOption = {},
): string {
  const w = zoned(value, timeZone);
  return w ? `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}` : "";
}

/** Inside a chat, messages show 12-hour time: "3:05 PM". */
export function formatChatTime(value: DateInput, opts: TimeZoneOption = {}): string {
  return formatTime(value, opts);
}

/** A name's possessive: "Glenmore Valley Greens'" for a name ending in s, "Winfield Creamery's" otherwise. */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

/*
 * Quantities. A farm writes its unit freely ("lb", "bunch", "250 g bag", "4-pack (473 ml cans)");
 * these read it as a size and what holds it, so a count reads "6 bags (250 g)", never "6 250 g bag".
 */
const MEASURE = "(?:g|kg|lb|lbs|oz|ml|l)";
const BARE_MEASURE = new RegExp(`^${MEASURE}$`, "i");
const SIZE_ONLY = new RegExp(`^\\d[\\d.,/]*\\s*${MEASURE}$`, "i");
const SIZED_NOUN = new RegExp(`^(\\d[\\d.,/]*\\s*${MEASURE})\\s+(.+)$`, "i");
const SAME_IN_PLURAL = new Set(["each", "dozen", "half dozen"]);

/** The plural of what holds a unit: its head word ("glass bottle" → "glass bottles", "bunch" → "bunches"), a parenthesis kept as it is. */
function pluralNoun(noun: string): string {
  const open = noun.indexOf(" (");
  const head = open === -1 ? noun : noun.slice(0, open);
  const rest = open === -1 ? "" : noun.slice(open);
  if (SAME_IN_PLURAL.has(head.toLowerCase()) || /s$/i.test(head) || /\bdozen$/i.test(head))
    return noun;
  if (/(x|z|ch|sh)$/i.test(head)) return `${head}es${rest}`;
  if (/[^aeiou]y$/i.test(head)) return `${head.slice(0, -1)}ies${rest}`;
  return `${head}s${rest}`;
}

/** `n` of a unit: "24 lb", "6 × 250 g", "6 bags (250 g)", "3 bunches", "1 bunch". */
export function formatUnits(n: number, unit: string): string {
  const u = unit.trim();
  if (!u) return `${n}`;
  if (BARE_MEASURE.test(u)) return `${n} ${u}`;
  if (SIZE_ONLY.test(u)) return `${n} × ${u}`;
  const sized = SIZED_NOUN.exec(u);
  const noun = sized ? sized[2] : u;
  const counted = n === 1 ? noun : pluralNoun(noun);
  return sized ? `${n} ${counted} (${sized[1]})` : `${n} ${counted}`;
}

/** A line's quantity: "2 cases × 6 bags (250 g)" when bought by the case, else "3 bags (250 g)". */
export function formatQuantity(quantity: number, unit: string, caseSize = 1): string {
  if (caseSize > 1 && quantity % caseSize === 0) {
    const cases = quantity / caseSize;
    return `${cases} ${cases === 1 ? "case" : "cases"} × ${formatUnits(caseSize, unit)}`;
  }
  return formatUnits(quantity, unit);
}

/** A line as a count: its cases (when bought by the case) and its units. */
export type CountedLine = { quantity: number; caseSize: number };

/**
 * How many things a cart or an order holds, the same everywhere: "24 items", "4 cases (24
 * items)", or "4 cases + 3 items (27 items)" when only some lines are bought by the case.
 */
export function formatItemCount(lines: readonly CountedLine[]): string {
  let cases = 0;
  let inCases = 0;
  let units = 0;
  for (const l of lines) {
    units += l.quantity;
    if (l.caseSize > 1 && l.quantity % l.caseSize === 0) {
      cases += l.quantity / l.caseSize;
      inCases += l.quantity;
    }
  }
  const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
  if (cases === 0) return items(units);
  const caseText = `${cases} ${cases === 1 ? "case" : "cases"}`;
  const loose = units - inCases;
  return loose === 0
    ? `${caseText} (${items(units)})`
    : `${caseText} + ${items(loose)} (${items(units)})`;
}

function oneDecimal(value: number): string {
  const s = value.toFixed(1);
  return s === "-0.0" ? "0.0" : s;
}

/** One decimal with the unit: "2.4 mi" on farm cards, "3.9 km" on orders. */
export function formatDistance(value: number, unit: "mi" | "km" = "mi"): string {
  if (!Number.isFinite(value)) return "—";
  return `${oneDecimal(value)} ${unit}`;
}

/** Farm rating to one decimal: 4.5 → "4.5", 5 → "5.0". */
export function formatRating(value: number): string {
  return Number.isFinite(value) ? oneDecimal(value) : "0.0";
}

/*
 * Slot times (docs/fulfilment.md), in one style: the weekday, then the date as above without its
 * year ("Sat, Nov 28"), then the times ("9:00–11:00 am"). The API writes them as ISO 8601 with the
 * farm's own offset ("2026-11-28T09:00:00.000-07:00", from our tz data), so the farm-local wall
 * clock is in the text itself: these read it from there, and need no zone name. A farm's calendar
 * day (the pack list's, a standing order's next date) is read the same way as `${day}T00:00`.
 */
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

export type WallClock = {
  date: string;
  weekday: number;
  day: number;
  month: number;
  hour: number;
  minute: number;
};

/** The local date and time written in an ISO string with offset, or null when it is not one. */
export function wallClock(iso: string): WallClock | null {
  const m = LOCAL_ISO.exec(iso);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (Number.isNaN(weekday)) return null;
  return { date: `${m[1]}-${m[2]}-${m[3]}`, weekday, day, month, hour, minute };
}

function clock(c: WallClock, { meridiem = true, compact = false } = {}): string {
  const h = c.hour % 12 === 0 ? 12 : c.hour % 12;
  const time = compact && c.minute === 0 ? `${h}` : `${h}:${String(c.minute).padStart(2, "0")}`;
  return meridiem ? `${time} ${c.hour < 12 ? "am" : "pm"}` : time;
}

/** "Sat" */
export function formatSlotWeekday(iso: string): string {
  const c = wallClock(iso);
  return c ? WEEKDAYS[c.weekday] : "";
}

/** "Sat, Nov 28" */
export function formatSlotDay(iso: string): string {
  const c = wallClock(iso);
  return c ? `${WEEKDAYS[c.weekday]}, ${MONTHS[c.month - 1]} ${c.day}` : "";
}

/** "Sat, Nov 28, 2026": a slot's day with its year, where the week alone does not say it. */
export function formatSlotDate(iso: string): string {
  const c = wallClock(iso);
  return c ? `${formatSlotDay(iso)}, ${c.date.slice(0, 4)}` : "";
}

/** "9:00–11:00 am", "9:00 am–1:00 pm" (the first meridiem only when the two differ). */
export function formatSlotRange(startIso: string, endIso: string): string {
  const s = wallClock(startIso);
  const e = wallClock(endIso);
  if (!s || !e) return "";
  const sameHalf = s.hour < 12 === e.hour < 12 && s.date === e.date;
  return `${clock(s, { meridiem: !sameHalf })}–${clock(e)}`;
}

/** A cutoff as a buyer reads it: "Thu 6 pm", "Thu 6:30 pm". */
export function formatCutoff(iso: string): string {
  const c = wallClock(iso);
  return c ? `${WEEKDAYS[c.weekday]} ${clock(c, { compact: true })}` : "";
}

/** A moment in the farm's day, as a refusal names a slot or a cutoff: "Sat, Nov 28, 9:00 am". */
export function formatSlotMoment(iso: string): string {
  const c = wallClock(iso);
  return c ? `${formatSlotDay(iso)}, ${clock(c)}` : "";
}

/** "Sat, Nov 28, 9:00 am–1:00 pm" */
export function formatSlot(startIso: string, endIso: string): string {
  return `${formatSlotDay(startIso)}, ${formatSlotRange(startIso, endIso)}`;
}

/** The product and farm pages' line: "Order by Thu 6 pm for Sat pickup". */
export function formatNextSlot(slot: {
  kind: "pickup" | "delivery";
  start: string;
  cutoff: string;
}): string {
  return `Order by ${formatCutoff(slot.cutoff)} for ${formatSlotWeekday(slot.start)} ${slot.kind}`;
}
