import "server-only";
import { db } from "@/lib/server/platform/db";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { localDateOf } from "@/lib/server/tz-zone";
import * as clock from "@/lib/server/platform/clock";

/**
 * The pack list's default day: the farm's next local date (today included) that has an active
 * order to hand over, else today, both in the farm's zone (docs/fulfilment.md).
 */
export async function nextPackDate(user: SessionUser, now?: Date): Promise<string> {
  now ??= await clock.now();
  const farm = await requireOwnFarm(user);
  return nextPackDateOf(farm.id, localDateOf(now, farm.timeZone));
}

/** The same for a farm already checked to be the caller's, from its local `today`. */
export async function nextPackDateOf(farmId: number, today: string): Promise<string> {
  const next = await db.orderFulfilment.findFirst({
    where: { farmId, localDate: { gte: today }, order: { status: "active" } },
    orderBy: { localDate: "asc" },
    select: { localDate: true },
  });
  return next?.localDate ?? today;
}
