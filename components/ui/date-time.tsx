"use client";
import { formatDate, formatDateTime, formatMessageListTime, formatTime } from "@/lib/format";

const FORMATS = {
  /** "Nov 22, 2026" */
  date: (v: string) => formatDate(v),
  /** "3:05 PM" */
  time: (v: string) => formatTime(v),
  /** "Nov 22, 2026, 3:05 PM" */
  dateTime: (v: string) => formatDateTime(v),
  /** "15:05" (the chat list) */
  time24: (v: string) => formatMessageListTime(v),
} as const;

/**
 * A date or time in the marketplace's zone, as a <time> element, for client components. The text
 * comes from lib/format.ts, which reads our own tz data (lib/tz.ts) and not the runtime's, so the
 * server's render and the browser write the same text and hydration matches (Node's ICU and
 * Chromium once disagreed on British Columbia's clock by an hour: docs/fulfilment.md).
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
    <time dateTime={value} className={className}>
      {FORMATS[format](value)}
    </time>
  );
}
