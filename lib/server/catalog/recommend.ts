import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlInt } from "@/lib/server/platform/db";
import { rankedFarms } from "./farms";
import { rankedProducts } from "./products";
import type { CatalogProduct } from "./serialize";
import type { FarmJson } from "@/lib/contracts/catalog";

/*
 * How recommendations work:
 * 1. Signals come only from the signed-in user's own rows: the items of their last 50 orders that
 *    were not cancelled (quantity bought per farm and per category), and the last 200 messages
 *    they sent or received (each message with a farm's owner counts 2 for that farm — talking to a
 *    farm is a strong intent even before a purchase).
 * 2. Products: the newest in-stock products of the top 3 farms and top 3 categories are scored
 *    by share of farm affinity + share of category affinity (+0.1 if popular); best first, ties
 *    newest first.
 * 3. Farms: the farms with the highest affinity (ties: lowest id).
 * 4. Whatever is still missing (a new user has no signals) is filled with popular products, newest
 *    first, or best-rated farms. Every query is bounded (top-k per signal), so cost does not grow
 *    with the catalog.
 * Each list is one statement (a round trip costs more than the SQL: docs/architecture.md, "Where
 * the time goes"): the signals are its first CTEs.
 */

/** The user's affinities: `farm_w(farm_id, w)`, `cat_w(category_id, w)` and their `totals` (1 when empty). */
function signals(userId: number): Prisma.Sql {
  return Prisma.sql`
    ordered AS (
      SELECT o."farmId" AS farm_id, p."categoryId" AS category_id, sum(oi.quantity)::float8 AS w
      FROM "Order" o
      JOIN "OrderItem" oi ON oi."orderId" = o.id
      JOIN "Product" p ON p.id = oi."productId"
      WHERE o.id IN (SELECT id FROM "Order" WHERE "userId" = ${userId} AND status <> 'cancelled' ORDER BY "createdAt" DESC LIMIT 50)
      GROUP BY 1, 2
    ), talked AS (
      SELECT f.id AS farm_id, 2 * count(*)::float8 AS w FROM (
        (SELECT "receiverId" AS other FROM "Message" WHERE "senderId" = ${userId} ORDER BY id DESC LIMIT 200)
        UNION ALL
        (SELECT "senderId" AS other FROM "Message" WHERE "receiverId" = ${userId} ORDER BY id DESC LIMIT 200)
      ) m
      JOIN "Farm" f ON f."userId" = m.other
      GROUP BY f.id
    ), farm_w AS (
      SELECT farm_id, sum(w) AS w FROM (SELECT farm_id, w FROM ordered UNION ALL SELECT farm_id, w FROM talked) s GROUP BY farm_id
    ), cat_w AS (
      SELECT category_id, sum(w) AS w FROM ordered WHERE category_id IS NOT NULL GROUP BY category_id
    ), totals AS (
      SELECT coalesce((SELECT sum(w) FROM farm_w), 0) AS farms, coalesce((SELECT sum(w) FROM cat_w), 0) AS cats
    )`;
}

/** Newest visible in-stock products of one group (`p."farmId" = …` or `p."categoryId" = …`), walking that group's index. */
const newestOf = (group: Prisma.Sql, limit: number, categoryId?: number) => Prisma.sql`
  SELECT p.id FROM "Product" p
  WHERE ${group} AND p."isHidden" = false AND p."inStock" ${categoryId ? Prisma.sql`AND p."categoryId" = ${categoryId}` : Prisma.empty}
  ORDER BY p.id DESC LIMIT ${sqlInt(limit)}`;

export async function recommendProducts(
  userId: number,
  { limit, categoryId }: { limit: number; categoryId?: number },
): Promise<CatalogProduct[]> {
  // A category filter leaves the category groups out: the farms' products in it are the candidates.
  return rankedProducts(Prisma.sql`
    WITH ${signals(userId)},
    top_farms AS (SELECT farm_id FROM farm_w ORDER BY w DESC, farm_id LIMIT 3),
    top_cats AS (SELECT category_id FROM cat_w WHERE ${categoryId ? Prisma.sql`false` : Prisma.sql`true`} ORDER BY w DESC, category_id LIMIT 3),
    candidates AS (
      SELECT x.id FROM top_farms g CROSS JOIN LATERAL (${newestOf(Prisma.sql`p."farmId" = g.farm_id`, limit, categoryId)}) x
      UNION
      SELECT y.id FROM top_cats g CROSS JOIN LATERAL (${newestOf(Prisma.sql`p."categoryId" = g.category_id`, limit)}) y
    ), picked AS (
      SELECT c.id, coalesce(fw.w, 0) / greatest(t.farms, 1)
        + CASE WHEN p."categoryId" IS NULL THEN 0 ELSE coalesce(cw.w, 0) / greatest(t.cats, 1) END
        + CASE WHEN p."isPopular" THEN 0.1::float8 ELSE 0 END AS score
      FROM candidates c
      JOIN "Product" p ON p.id = c.id
      LEFT JOIN farm_w fw ON fw.farm_id = p."farmId"
      LEFT JOIN cat_w cw ON cw.category_id = p."categoryId"
      CROSS JOIN totals t
      ORDER BY score DESC, c.id DESC LIMIT ${sqlInt(limit)}
    ), fill AS (
      SELECT p.id FROM "Product" p
      WHERE p."isHidden" = false AND p."inStock" AND p."isPopular" ${categoryId ? Prisma.sql`AND p."categoryId" = ${categoryId}` : Prisma.empty}
        AND p.id NOT IN (SELECT id FROM picked)
      ORDER BY p.id DESC LIMIT ${sqlInt(limit)} - (SELECT count(*) FROM picked)
    )
    SELECT id, row_number() OVER (ORDER BY score DESC, id DESC) AS rank FROM picked
    UNION ALL
    SELECT id, ${sqlInt(limit)} + row_number() OVER (ORDER BY id DESC) FROM fill`);
}

export async function recommendFarms(
  userId: number,
  { limit }: { limit: number },
): Promise<FarmJson[]> {
  return rankedFarms(Prisma.sql`
    WITH ${signals(userId)},
    top_farms AS (SELECT farm_id AS id, row_number() OVER (ORDER BY w DESC, farm_id) AS rank FROM farm_w ORDER BY w DESC, farm_id LIMIT ${sqlInt(limit)}),
    fill AS (
      SELECT f.id FROM "Farm" f WHERE f.id NOT IN (SELECT id FROM top_farms)
      ORDER BY f.rating DESC, f.id LIMIT ${sqlInt(limit)} - (SELECT count(*) FROM top_farms)
    )
    SELECT id, rank FROM top_farms
    UNION ALL
    SELECT id, ${sqlInt(limit)} + row_number() OVER (ORDER BY f.rating DESC, f.id) FROM fill JOIN "Farm" f USING (id)`);
}
