/** "Sat 28 Nov" for a YYYY-MM-DD local date (the farm's calendar day, so read in UTC, never shifted). */
export function localDay(localDate: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${localDate}T12:00:00Z`));
}

export const WEEKDAYS = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
];
