import "server-only";
import { db } from "@/lib/server/platform/db";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { localDateOf } from "@/lib/server/tz-zone";

/**
 * The pack list's default day: the farm's next local date (today included) that has an active
 * order to hand over, else today, both in the farm's zone (docs/fulfilment.md).
 */
export async function nextPackDate(user: SessionUser, now = new Date()): Promise<string> {
  const { id: farmId } = await requireOwnFarm(user);
  const { timeZone } = await db.farm.findUniqueOrThrow({
    where: { id: farmId },
    select: { timeZone: true },
  });
  const today = localDateOf(now, timeZone);
  const next = await db.orderFulfilment.findFirst({
    where: { farmId, localDate: { gte: today }, order: { status: "active" } },
    orderBy: { localDate: "asc" },
    select: { localDate: true },
  });
  return next?.localDate ?? today;
}
