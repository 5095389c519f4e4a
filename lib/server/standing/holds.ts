import "server-only";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { holdForOccurrence, type StockLines } from "@/lib/server/stock/stock";
import { itemsOf } from "./serialize";

const DAY_MS = 86_400_000;

/**
 * Moves a standing order's stock hold to where it belongs now (docs/restaurants.md, "Reserved
 * stock"): an active standing order whose next occurrence is placed within its farm's booking
 * horizon, and not skipped, holds its quantities for that date; any other holds nothing. The
 * caller holds the standing order's row lock (edits, the worker).
 */
export async function syncHold(tx: Tx, standingOrderId: number, now: Date): Promise<StockLines> {
  const s = await tx.standingOrder.findUniqueOrThrow({
    where: { id: standingOrderId },
    include: { farm: { select: { bookingHorizonDays: true } } },
  });
  const holds =
    s.status === "active" &&
    s.skipNextDate !== s.nextDate &&
    s.nextDueAt.getTime() <= now.getTime() + s.farm.bookingHorizonDays * DAY_MS;
  const wanted: StockLines = new Map(holds ? itemsOf(s).map((i) => [i.productId, i.quantity]) : []);
  return (await holdForOccurrence(tx, { standingOrderId: s.id }, s.nextDate, wanted)).held;
}

/**
 * One round of the holds' upkeep: standing orders whose next occurrence entered the horizon
 * without a hold for its date, whose hold is short (stock may have come back), or which hold
 * stock they should not (paused, skipped, out of the horizon). Each in its own transaction under
 * the standing order's lock, skipping rows another worker or an edit holds. Returns how many moved.
 */
export async function refreshHolds(now = new Date(), limit = 500): Promise<number> {
  const due = await inTransaction(
    (tx) =>
      tx.$queryRaw<{ id: number }[]>`
      SELECT s."id" FROM "StandingOrder" s JOIN "Farm" f ON f."id" = s."farmId"
      WHERE CASE
        WHEN s."status" = 'active' AND s."skipNextDate" IS DISTINCT FROM s."nextDate"
          AND s."nextDueAt" <= ${now}::timestamp + f."bookingHorizonDays" * interval '1 day'
        THEN NOT EXISTS (SELECT 1 FROM "StockReservation" r
            WHERE r."standingOrderId" = s."id" AND r."localDate" = s."nextDate")
          OR EXISTS (SELECT 1 FROM "StockReservation" r
            WHERE r."standingOrderId" = s."id" AND r."quantity" < r."wanted")
        ELSE EXISTS (SELECT 1 FROM "StockReservation" r WHERE r."standingOrderId" = s."id")
      END
      ORDER BY s."id" LIMIT ${limit}`,
  );
  let moved = 0;
  for (const { id } of due) {
    moved += await inTransaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "StandingOrder" WHERE "id" = ${id} FOR UPDATE SKIP LOCKED`;
      if (!locked.length) return 0;
      await syncHold(tx, id, now);
      return 1;
    });
  }
  return moved;
}
