import "server-only";
import { db } from "@/lib/server/platform/db";

/**
 * The pack list's default day for a farm already checked to be the caller's: its next local date
 * from `today` (included) that has an active order to hand over, else `today` (docs/fulfilment.md).
 */
export async function nextPackDateOf(farmId: number, today: string): Promise<string> {
  const next = await db.orderFulfilment.findFirst({
    where: { farmId, localDate: { gte: today }, order: { status: "active" } },
    orderBy: { localDate: "asc" },
    select: { localDate: true },
  });
  return next?.localDate ?? today;
}
