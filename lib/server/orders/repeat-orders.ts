import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";
import { standingCoverage, type SlotRef } from "./standing-coverage";

/** A farm order of a checkout with its slot, and how refusals name that slot. */
type Planned = SlotRef & { what: string };

/**
 * Asks before a repeat order (docs/fulfilment.md, "Repeat orders"): refuses with 409 repeat_order
 * when the buyer already has an active order in one of these farms' slots, or a standing order of
 * theirs covers it. The request that says `confirmRepeat: true` skips this. It only reads, and the
 * refusal rolls the checkout's transaction back like any other.
 */
export async function askBeforeRepeat(
  tx: Tx,
  userId: number,
  planned: Planned[],
  /** This checkout's own orders, already written in its transaction. */
  placed: number[],
): Promise<void> {
  if (!planned.length) return;
  const active = await tx.$queryRaw<{ farmId: number; orderId: number }[]>`
    SELECT DISTINCT ON (o."farmId") o."farmId", o."id" AS "orderId"
    FROM unnest(${planned.map((p) => p.farmId)}::int[], ${planned.map((p) => p.windowId)}::int[], ${planned.map((p) => p.localDate)}::text[])
      AS q("farmId", "windowId", "localDate")
    JOIN "FulfilmentSlot" s ON s."windowId" = q."windowId" AND s."localDate" = q."localDate"
    JOIN "OrderFulfilment" f ON f."slotId" = s."id"
    JOIN "Order" o ON o."id" = f."orderId" AND o."userId" = ${userId} AND o."farmId" = q."farmId" AND o."status" = 'active'
      AND o."id" <> ALL(${placed}::int[])
    ORDER BY o."farmId", o."id" DESC`;
  const orderAt = new Map(active.map((r) => [r.farmId, r.orderId]));
  const standing = await standingCoverage(
    tx,
    userId,
    planned.filter((p) => !orderAt.has(p.farmId)),
  );
  const errors: Record<string, string> = {};
  for (const p of planned) {
    const orderId = orderAt.get(p.farmId);
    if (orderId !== undefined)
      errors[`fulfilment.${p.farmId}`] = `You already have order #${orderId} for ${p.what}`;
    else if (standing.has(p.farmId))
      errors[`fulfilment.${p.farmId}`] = `Your standing order already covers ${p.what}`;
  }
  const found = Object.values(errors);
  if (found.length) throw new AppError("repeat_order", found.join("; "), { fieldErrors: errors });
}
