import { wallClock } from "@/lib/format";

export type DateGroup<T> = { date: string | null; orders: T[] };

/**
 * Incoming orders grouped by their handover's local date (the pack list's day), soonest first;
 * orders without a slot come last, under date null ("No date").
 */
export function ordersByDate<T extends { fulfilment: { start: string } | null }>(
  orders: T[],
): DateGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const o of orders) {
    const date = o.fulfilment ? (wallClock(o.fulfilment.start)?.date ?? null) : null;
    groups.set(date, [...(groups.get(date) ?? []), o]);
  }
  return [...groups.entries()]
    .map(([date, list]) => ({ date, orders: list }))
    .sort((a, b) => (a.date === null ? 1 : b.date === null ? -1 : a.date.localeCompare(b.date)));
}
