import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, sqlInt } from "@/lib/server/platform/db";
import type { PriceLevel } from "./pricing";
import { rankedProducts } from "./products";
import { forViewer } from "./serialize";
import type { UsualProductJson } from "@/lib/contracts/catalog";

/** How far back "usual" looks: a season's buying, not last year's. */
const WEEKS = 12;

type UsualRow = { productId: number; orders: number; quantity: number; lastAt: Date };

/**
 * The buyer's usual items (docs/product.md, "Reorder"): the products of their orders of the last
 * 12 weeks that were not cancelled, most orders first (then the most recent), each with the
 * quantity of its latest order, read at the buyer's price level like every catalog read.
 */
export async function usualProducts(
  userId: number,
  level: PriceLevel,
  { limit }: { limit: number },
  now = new Date(),
): Promise<UsualProductJson[]> {
  const since = new Date(now.getTime() - WEEKS * 7 * 86_400_000);
  const rows = await db.$queryRaw<UsualRow[]>`
    SELECT oi."productId",
           count(DISTINCT o.id)::int AS "orders",
           (array_agg(oi.quantity ORDER BY o."createdAt" DESC, o.id DESC))[1]::int AS "quantity",
           max(o."createdAt") AS "lastAt"
    FROM "Order" o JOIN "OrderItem" oi ON oi."orderId" = o.id
    WHERE o."userId" = ${userId} AND o.status <> 'cancelled' AND o."createdAt" >= ${since}
    GROUP BY oi."productId"
    ORDER BY 2 DESC, 4 DESC, 1
    LIMIT ${sqlInt(limit * 2)}`;
  if (!rows.length) return [];
  // Hidden products drop out here (hence twice the limit above).
  const products = await rankedProducts(Prisma.sql`
    SELECT r.id, r.rank FROM unnest(${rows.map((r) => r.productId)}::int[]) WITH ORDINALITY AS r(id, rank)`);
  const stats = new Map(rows.map((r) => [r.productId, r]));
  return products.slice(0, limit).map((p) => {
    const s = stats.get(p.id)!;
    return {
      ...forViewer(p, level),
      usual: { quantity: s.quantity, orders: s.orders, lastOrderedAt: s.lastAt.toISOString() },
    };
  });
}
