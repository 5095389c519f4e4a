import "server-only";
import { db } from "@/lib/server/platform/db";
import { localDateOf } from "@/lib/server/tz-zone";
import { centsToDollars } from "@/lib/money";
import { REPORT_TIME_ZONE } from "@/lib/report-period";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import type { WeeklySalesJson } from "@/lib/contracts/farm";

/** Fieldfare serves the Kelowna region: a farm's "day" is a Pacific-time calendar day. */
export const FARM_TIME_ZONE = REPORT_TIME_ZONE;
const DAY_MS = 86_400_000;

const dayKey = (d: Date, timeZone: string) => localDateOf(d, timeZone);

/** The last 7 calendar days ending today, oldest first, as YYYY-MM-DD (calendar maths, so DST never skips a day). */
export function lastSevenDays(now: Date, timeZone = FARM_TIME_ZONE): string[] {
  const [y, m, d] = dayKey(now, timeZone).split("-").map(Number);
  return Array.from({ length: 7 }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - 6 + i)).toISOString().slice(0, 10),
  );
}

/**
 * Sales of the last 7 days, per day: every paid order that was not cancelled (active or completed),
 * by the day it was placed. The window is one farm's week of orders, so summing in code is cheap
 * and keeps the time-zone rule in one place.
 */
export async function weeklySales(user: SessionUser, now = new Date()): Promise<WeeklySalesJson> {
  const farm = await requireOwnFarm(user);
  const days = lastSevenDays(now);
  const rows = await db.order.findMany({
    where: {
      farmId: farm.id,
      status: { in: ["active", "completed"] },
      createdAt: { gte: new Date(now.getTime() - 8 * DAY_MS) },
    },
    select: { createdAt: true, totalCents: true },
  });
  const byDay = new Map(days.map((d) => [d, { cents: 0, orders: 0 }]));
  for (const r of rows) {
    const bucket = byDay.get(dayKey(r.createdAt, FARM_TIME_ZONE));
    if (!bucket) continue;
    bucket.cents += r.totalCents;
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
    timeZone: FARM_TIME_ZONE,
  };
}
