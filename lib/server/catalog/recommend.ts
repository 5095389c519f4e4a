import "server-only";
import { cache } from "react";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { farmsByIds } from "./farms";
import { productsByIds } from "./products";
import { productSelect, toCatalogProduct, type CatalogProduct } from "./serialize";
import type { FarmJson } from "./types";

/*
 * How recommendations work:
 * 1. Signals come only from the signed-in user's own rows: the items of their last 50 orders that
 *    were not cancelled (quantity bought per farm and per category), and the last 200 messages
 *    they sent or received (each message with a farm's owner counts 2 for that farm — talking to a
 *    farm is a strong intent even before a purchase).
 * 2. Products: the newest in-stock products of the top 3 farms and top 3 categories are scored
 *    by share of farm affinity + share of category affinity (+0.1 if popular); best first.
 * 3. Farms: the farms with the highest affinity.
 * 4. Whatever is still missing (a new user has no signals) is filled with popular products, or
 *    best-rated farms. Every query is bounded (top-k per signal), so cost does not grow with the catalog.
 */

type Signals = { farms: Map<number, number>; categories: Map<number, number> };

const add = (m: Map<number, number>, k: number | null, w: number) => {
  if (k != null) m.set(k, (m.get(k) ?? 0) + w);
};

/** React `cache()`: /home's two recommended sections read one user's signals once per request. */
const signalsFor = cache(async (userId: number): Promise<Signals> => {
  const [ordered, talked] = await Promise.all([
    db.$queryRaw<{ farmId: number; categoryId: number | null; weight: number }[]>`
      SELECT o."farmId" AS "farmId", p."categoryId" AS "categoryId", sum(oi.quantity)::int AS weight
      FROM "Order" o
      JOIN "OrderItem" oi ON oi."orderId" = o.id
      JOIN "Product" p ON p.id = oi."productId"
      WHERE o.id IN (
        SELECT id FROM "Order" WHERE "userId" = ${userId} AND status <> 'cancelled' ORDER BY "createdAt" DESC LIMIT 50
      )
      GROUP BY 1, 2`,
    db.$queryRaw<{ farmId: number; weight: number }[]>`
      SELECT f.id AS "farmId", count(*)::int AS weight FROM (
        (SELECT "receiverId" AS other FROM "Message" WHERE "senderId" = ${userId} ORDER BY id DESC LIMIT 200)
        UNION ALL
        (SELECT "senderId" AS other FROM "Message" WHERE "receiverId" = ${userId} ORDER BY id DESC LIMIT 200)
      ) m
      JOIN "Farm" f ON f."userId" = m.other
      GROUP BY f.id`,
  ]);
  const s: Signals = { farms: new Map(), categories: new Map() };
  for (const r of ordered) {
    add(s.farms, r.farmId, Number(r.weight));
    add(s.categories, r.categoryId, Number(r.weight));
  }
  for (const r of talked) add(s.farms, r.farmId, 2 * Number(r.weight));
  return s;
});

const intArray = (ids: number[]) => (ids.length ? Prisma.sql`ARRAY[${Prisma.join(ids)}]::int[]` : Prisma.sql`ARRAY[]::int[]`);

/**
 * The newest `limit` visible in-stock products of each farm and of each category, in one query:
 * one LATERAL per group, each walking its own index (farmId or categoryId, isHidden, id).
 */
async function newestOfEach(farmIds: number[], categoryIds: number[], { limit, categoryId }: { limit: number; categoryId?: number }): Promise<number[]> {
  if (farmIds.length === 0 && categoryIds.length === 0) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT x.id FROM unnest(${intArray(farmIds)}) AS g(farm_id) CROSS JOIN LATERAL (
      SELECT p.id FROM "Product" p
      WHERE p."farmId" = g.farm_id AND p."isHidden" = false AND p."inStock"
        ${categoryId ? Prisma.sql`AND p."categoryId" = ${categoryId}` : Prisma.empty}
      ORDER BY p.id DESC LIMIT ${limit}
    ) x
    UNION ALL
    SELECT y.id FROM unnest(${intArray(categoryIds)}) AS g(category_id) CROSS JOIN LATERAL (
      SELECT p.id FROM "Product" p
      WHERE p."categoryId" = g.category_id AND p."isHidden" = false AND p."inStock"
      ORDER BY p.id DESC LIMIT ${limit}
    ) y`;
  return rows.map((r) => Number(r.id));
}

const top = (m: Map<number, number>, k: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, k)
    .map(([id]) => id);

const total = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0) || 1;

export async function recommendProducts(userId: number, { limit, categoryId }: { limit: number; categoryId?: number }): Promise<CatalogProduct[]> {
  const s = await signalsFor(userId);
  const base = { isHidden: false, inStock: true, ...(categoryId ? { categoryId } : {}) };
  const farmIds = top(s.farms, 3);
  const categoryIds = categoryId ? [] : top(s.categories, 3);
  const candidates = await productsByIds([...new Set(await newestOfEach(farmIds, categoryIds, { limit, categoryId }))]);
  const farmTotal = total(s.farms);
  const catTotal = total(s.categories);
  const score = (p: CatalogProduct) =>
    (s.farms.get(p.farmId) ?? 0) / farmTotal + (p.categoryId != null ? (s.categories.get(p.categoryId) ?? 0) / catTotal : 0) + (p.isPopular ? 0.1 : 0);
  const picked = candidates
    .map((p) => ({ p, score: score(p) }))
    .sort((a, b) => b.score - a.score || b.p.id - a.p.id)
    .slice(0, limit)
    .map((x) => x.p);
  if (picked.length < limit) {
    const fill = await db.product.findMany({
      where: { ...base, isPopular: true, id: { notIn: picked.map((p) => p.id) } },
      orderBy: { id: "desc" },
      take: limit - picked.length,
      select: productSelect,
    });
    picked.push(...fill.map(toCatalogProduct));
  }
  return picked;
}

export async function recommendFarms(userId: number, { limit }: { limit: number }): Promise<FarmJson[]> {
  const s = await signalsFor(userId);
  const ids = top(s.farms, limit);
  if (ids.length < limit) {
    const fill = await db.farm.findMany({
      where: { id: { notIn: ids } },
      orderBy: [{ rating: "desc" }, { id: "asc" }],
      take: limit - ids.length,
      select: { id: true },
    });
    ids.push(...fill.map((f) => f.id));
  }
  return farmsByIds(ids);
}
