import { formatSlotDay } from "@/lib/format";

/** "Sat, Nov 28" for a YYYY-MM-DD local date (the farm's calendar day, in the slots' style). */
export const localDay = (localDate: string) => formatSlotDay(`${localDate}T00:00`);

export const WEEKDAYS = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
];
