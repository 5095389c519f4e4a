import "server-only";
import { localDateOf } from "@/lib/server/tz-zone";
import { centsToDollars } from "@/lib/money";
import { REPORT_TIME_ZONE } from "@/lib/report-period";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import type { WeeklySalesJson } from "@/lib/contracts/farm";
import { completedOrders } from "./sales-report";

/** Fieldfare serves the Kelowna region: a farm's "day" is a Pacific-time calendar day. */
export const FARM_TIME_ZONE = REPORT_TIME_ZONE;

const dayKey = (d: Date, timeZone: string) => localDateOf(d, timeZone);

/** The last 7 calendar days ending today, oldest first, as YYYY-MM-DD (calendar maths, so DST never skips a day). */
export function lastSevenDays(now: Date, timeZone = FARM_TIME_ZONE): string[] {
  const [y, m, d] = dayKey(now, timeZone).split("-").map(Number);
  return Array.from({ length: 7 }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - 6 + i)).toISOString().slice(0, 10),
  );
}

/**
 * My Farm's "Sales this week": the figures of lib/figures.ts for the last 7 days of the farm, per
 * day. The days and the orders are the sales report's (`completedOrders`), so this week's sales
 * equal Reports' for the same days.
 */
export async function weeklySales(user: SessionUser, now = new Date()): Promise<WeeklySalesJson> {
  const farm = await requireOwnFarm(user);
  const days = lastSevenDays(now, farm.timeZone);
  const { orders, timeZone } = await completedOrders(farm, { from: days[0], to: days[6] });
  const byDay = new Map(days.map((d) => [d, { cents: 0, orders: 0 }]));
  for (const o of orders) {
    const bucket = byDay.get(o.day);
    if (!bucket) continue;
    bucket.cents += o.salesCents;
    bucket.orders += 1;
  }
  const list = days.map((date) => ({
    date,
    total: centsToDollars(byDay.get(date)!.cents),
    orders: byDay.get(date)!.orders,
  }));
  const totalCents = [...byDay.values()].reduce((s, b) => s + b.cents, 0);
  return {
    days: list,
    total: centsToDollars(totalCents),
    orders: list.reduce((s, d) => s + d.orders, 0),
    timeZone,
  };
}
