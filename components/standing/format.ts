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

/** "2 cases of 10 lb" (restaurants buy by the case), or "3 lb" for a product sold singly. */
export function casesLabel(quantity: number, caseSize: number, unit: string): string {
  if (caseSize <= 1) return `${quantity} ${unit}`.trim();
  const cases = quantity / caseSize;
  return `${cases} ${cases === 1 ? "case" : "cases"} of ${caseSize} ${unit}`.trim();
}
