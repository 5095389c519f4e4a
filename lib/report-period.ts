import { wallDate } from "@/lib/tz";

/**
 * My Farm → Reports' quick choices of period, from the farm's today (YYYY-MM-DD): calendar maths
 * on dates only, so the server and the browser agree whatever their own zones.
 */
/** The page opens on the last 4 weeks: there is always a week or more to compare. */
export const DEFAULT_PRESET: PresetId = "last-4-weeks";
export type ReportPeriod = { from: string; to: string };
export const PRESETS = [
  { id: "last-4-weeks", label: "Last 4 weeks" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
  { id: "this-quarter", label: "This quarter" },
  { id: "year-to-date", label: "Year to date" },
] as const;
export type PresetId = (typeof PRESETS)[number]["id"];

const day = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** Fieldfare serves the Kelowna region: a farm's "day" is a Pacific-time calendar day. */
export const REPORT_TIME_ZONE = "America/Vancouver";

/** Today in the reports' zone, YYYY-MM-DD (in the browser, from our tz data as on the server). */
export function reportToday(now = Date.now()): string {
  return (wallDate(now, REPORT_TIME_ZONE) ?? new Date(now)).toISOString().slice(0, 10);
}

export function reportPresets(today: string): Record<PresetId, ReportPeriod> {
  const [y, m, d] = today.split("-").map(Number);
  const quarterStart = Math.floor((m - 1) / 3) * 3 + 1;
  return {
    "last-4-weeks": { from: day(y, m, d - 27), to: today },
    "this-month": { from: day(y, m, 1), to: today },
    "last-month": { from: day(y, m - 1, 1), to: day(y, m, 0) },
    "this-quarter": { from: day(y, quarterStart, 1), to: today },
    "year-to-date": { from: day(y, 1, 1), to: today },
  };
}
