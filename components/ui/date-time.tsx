"use client";
import { formatDate, formatMessageListTime, formatTime } from "@/lib/format";

const FORMATS = {
  /** "Nov 22, 2026" */
  date: (v: string) => formatDate(v),
  /** "3:05 PM" */
  time: (v: string) => formatTime(v),
  /** "Nov 22, 2026, 3:05 PM" */
  dateTime: (v: string) => `${formatDate(v)}, ${formatTime(v)}`,
  /** "Nov 22, 2026 3:05 PM" */
  dateSpaceTime: (v: string) => `${formatDate(v)} ${formatTime(v)}`,
  /** "15:05" (the chat list) */
  time24: (v: string) => formatMessageListTime(v),
} as const;

/**
 * A date or time in the marketplace's zone, as a <time> element, for client components. Node and
 * the browser each carry their own time-zone database, and they can disagree on a zone's rules:
 * Chromium's data has British Columbia on permanent daylight time from November 2026 (UTC-7),
 * Node's ICU still says PST (UTC-8), so "10:35 PM" on the server became "11:35 PM" in the browser
 * and React threw hydration error #418 on /wallet and /my-farm. No option of Intl can make two
 * databases agree, so the text is decided once, by the server's render, and hydration keeps it
 * (`suppressHydrationWarning` on this one element, React's escape hatch for timestamps); rows that
 * only the browser renders (a new message, "Load more") are formatted by the browser.
 * Every date a client component shows goes through here (see docs/product.md, "Formatting").
 */
export function DateTime({
  value,
  format,
  className,
}: {
  value: string;
  format: keyof typeof FORMATS;
  className?: string;
}) {
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {FORMATS[format](value)}
    </time>
  );
}
