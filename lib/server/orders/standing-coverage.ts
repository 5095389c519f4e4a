import "server-only";
import type { Tx } from "@/lib/server/platform/transaction";

/** A farm's slot at checkout: one date of one of its weekly windows. */
export type SlotRef = { farmId: number; windowId: number; localDate: string };

/**
 * Which of `slots` (by farm id) one of the buyer's active standing orders will place an order in:
 * same farm, kind and weekday as the slot's window (and its pickup point, when the standing order
 * names one), on its next date or a later one of its rhythm, unless that date is skipped
 * (docs/restaurants.md, "Standing orders"). Checkout asks before a repeat order there.
 */
export async function standingCoverage(
  tx: Tx,
  userId: number,
  slots: SlotRef[],
): Promise<Map<number, number>> {
  if (!slots.length) return new Map();
  const rows = await tx.$queryRaw<{ farmId: number; standingOrderId: number }[]>`
    SELECT DISTINCT ON (q."farmId") q."farmId", s."id" AS "standingOrderId"
    FROM unnest(${slots.map((s) => s.farmId)}::int[], ${slots.map((s) => s.windowId)}::int[], ${slots.map((s) => s.localDate)}::text[])
      AS q("farmId", "windowId", "localDate")
    JOIN "FulfilmentWindow" w ON w."id" = q."windowId" AND w."farmId" = q."farmId"
    JOIN "StandingOrder" s ON s."userId" = ${userId} AND s."farmId" = q."farmId" AND s."status" = 'active'
      AND s."kind" = w."kind" AND s."weekday" = w."weekday"
      AND (s."pickupPointId" IS NULL OR s."pickupPointId" = w."pickupPointId")
      AND s."nextDate" <= q."localDate"
      AND (q."localDate"::date - s."nextDate"::date) % (7 * s."everyWeeks") = 0
      AND s."skipNextDate" IS DISTINCT FROM q."localDate"
    ORDER BY q."farmId", s."id"`;
  return new Map(rows.map((r) => [r.farmId, r.standingOrderId]));
}
