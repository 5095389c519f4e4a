import "server-only";
import { commissionOf } from "@/lib/commission";
import { env } from "@/lib/server/platform/env";
import type { Tx } from "@/lib/server/platform/transaction";
import type { FarmLedgerType } from "@/lib/generated/prisma/client";

/**
 * The farm earnings ledger (docs/money.md, "Farm ledger"): what Fieldfare owes each farm, as
 * signed rows like the wallet's, and `FarmAccount.balanceCents` moved by their sum in the same
 * statement, so balance = Σ rows always. Only this module writes either table.
 */

/** Commission on goods, rounded half-up to the cent once per order (lib/commission.ts). */
export function commissionCents(goodsCents: number, bps = env().COMMISSION_BPS): number {
  return commissionOf(goodsCents, bps);
}

/**
 * `sale` (+ the order's total: goods, fees, taxes) and `commission` (− COMMISSION_BPS of the goods)
 * for each of these orders that is completed and paid (from the wallet, or on a paid statement),
 * once per order whatever the callers: the rows' dedupe keys make a repeat insert nothing, and only
 * what was inserted moves the balance. Called when an order is completed and when a statement is paid.
 * An order handed over again after an undo gets fresh keys (`sale-12-r1`), see `reverseOrderEarnings`.
 */
export async function recordOrderEarnings(tx: Tx, orderIds: number[], at = new Date()) {
  if (!orderIds.length) return;
  const bps = env().COMMISSION_BPS;
  // bigint all through: SUM(bigint) is numeric, whose division would round instead of truncating.
  await tx.$executeRaw`
    WITH o AS (
      SELECT o."id", o."farmId", o."totalCents",
             CASE WHEN o."handoverUndos" > 0 THEN '-r' || o."handoverUndos" ELSE '' END AS "round",
             COALESCE((SELECT SUM(i."priceCents"::bigint * i."quantity") FROM "OrderItem" i WHERE i."orderId" = o."id"), 0)::bigint AS "goods"
      FROM "Order" o LEFT JOIN "Statement" s ON s."id" = o."statementId"
      WHERE o."id" = ANY(${orderIds}::int[]) AND o."status" = 'completed'
        AND (o."payment" = 'wallet' OR s."paidAt" IS NOT NULL)
    ), r AS (
      SELECT "farmId", "id" AS "orderId", 'sale' AS "type", "totalCents" AS "amount",
             'Order #' || "id" AS "description", 'sale-' || "id" || "round" AS "key" FROM o
      UNION ALL
      SELECT "farmId", "id", 'commission', -(("goods" * ${bps}::bigint + 5000) / 10000)::int,
             'Commission on order #' || "id", 'commission-' || "id" || "round" FROM o
    ), ins AS (
      INSERT INTO "FarmLedgerEntry" ("farmId", "type", "amountCents", "description", "orderId", "dedupeKey", "createdAt")
      SELECT "farmId", "type"::"FarmLedgerType", "amount", "description", "orderId", "key", ${at} FROM r
      ON CONFLICT ("dedupeKey") DO NOTHING
      RETURNING "farmId", "amountCents"
    )
    INSERT INTO "FarmAccount" ("farmId", "balanceCents")
    SELECT "farmId", SUM("amountCents")::int FROM ins GROUP BY "farmId"
    ON CONFLICT ("farmId") DO UPDATE SET "balanceCents" = "FarmAccount"."balanceCents" + EXCLUDED."balanceCents"`;
}

/**
 * One signed row for a farm (an adjustment or refund of a completed order, a payout) and the
 * balance moved by it; a repeated `dedupeKey` writes and moves nothing. Returns whether it wrote.
 */
export async function recordFarmEntry(
  tx: Tx,
  entry: {
    farmId: number;
    type: FarmLedgerType;
    amountCents: number;
    description: string;
    dedupeKey: string;
    orderId?: number;
    payoutId?: number;
  },
  at = new Date(),
): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amountCents)) throw new Error("Bad farm ledger amount");
  const rows = await tx.$queryRaw<{ n: number }[]>`
    WITH ins AS (
      INSERT INTO "FarmLedgerEntry" ("farmId", "type", "amountCents", "description", "orderId", "payoutId", "dedupeKey", "createdAt")
      VALUES (${entry.farmId}, ${entry.type}::"FarmLedgerType", ${entry.amountCents}, ${entry.description},
              ${entry.orderId ?? null}::int, ${entry.payoutId ?? null}::int, ${entry.dedupeKey}, ${at})
      ON CONFLICT ("dedupeKey") DO NOTHING
      RETURNING "farmId", "amountCents"
    ), acc AS (
      INSERT INTO "FarmAccount" ("farmId", "balanceCents")
      SELECT "farmId", "amountCents" FROM ins
      ON CONFLICT ("farmId") DO UPDATE SET "balanceCents" = "FarmAccount"."balanceCents" + EXCLUDED."balanceCents"
    )
    SELECT COUNT(*)::int AS "n" FROM ins`;
  return rows[0].n > 0;
}

/**
 * A signed change of an order after its earnings were recorded (an adjustment or a refund of a
 * completed order): positive, the farm earns more; negative, less. Nothing before the sale row
 * exists: until then the sale itself will carry the order's new total.
 */
export async function recordCompletedOrderChange(
  tx: Tx,
  change: { orderId: number; type: "adjustment" | "refund"; deltaCents: number; key: string },
  at = new Date(),
): Promise<boolean> {
  if (change.deltaCents === 0) return false;
  const sale = await tx.farmLedgerEntry.findUnique({
    where: { dedupeKey: `sale-${change.orderId}` },
    select: { farmId: true },
  });
  if (!sale) return false;
  return recordFarmEntry(
    tx,
    {
      farmId: sale.farmId,
      type: change.type,
      amountCents: change.deltaCents,
      description: `${change.type === "refund" ? "Refund" : "Adjustment"} of order #${change.orderId}`,
      dedupeKey: `${change.type}-${change.orderId}-${change.key}`,
      orderId: change.orderId,
    },
    at,
  );
}

/** The keys `recordOrderEarnings` gives an order's sale and commission after `undos` undone handovers. */
export function earningsKeys(orderId: number, undos: number): [string, string] {
  const round = undos > 0 ? `-r${undos}` : "";
  return [`sale-${orderId}${round}`, `commission-${orderId}${round}`];
}

/**
 * An undone handover (docs/fulfilment.md): each sale and commission row of this round gets its
 * opposite, of the same type (keyed `undo-<key>`), so the balance is back where it was, the
 * history shows both and the order's sale rows add up to 0 until it is handed over again. Returns false, writing nothing, when the balance no longer holds the sale
 * (paid out meanwhile): the caller refuses the undo.
 */
export async function reverseOrderEarnings(
  tx: Tx,
  order: { id: number; farmId: number; handoverUndos: number },
): Promise<boolean> {
  const keys = earningsKeys(order.id, order.handoverUndos);
  const rows = await tx.farmLedgerEntry.findMany({
    where: { farmId: order.farmId, orderId: order.id, dedupeKey: { in: keys } },
    select: { type: true, amountCents: true, dedupeKey: true },
  });
  const net = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const account = await tx.farmAccount.findUnique({
    where: { farmId: order.farmId },
    select: { balanceCents: true },
  });
  if (net > 0 && (account?.balanceCents ?? 0) < net) return false;
  for (const r of rows) {
    await recordFarmEntry(tx, {
      farmId: order.farmId,
      type: r.type,
      amountCents: -r.amountCents,
      description: `Handover of order #${order.id} undone`,
      dedupeKey: `undo-${r.dedupeKey}`,
      orderId: order.id,
    });
  }
  return true;
}
