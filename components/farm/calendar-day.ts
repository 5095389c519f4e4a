/**
 * A YYYY-MM-DD calendar day in words (US English). It is read at noon UTC and formatted in UTC, so
 * no viewer's time zone moves it to the day before or after.
 */
export function calendarDay(date: string, options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
