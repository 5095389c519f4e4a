import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import { productSelect, toProductJson } from "./serialize";
import type { ProductJson } from "./types";

type ListOptions = { limit: number; categoryId?: number };

/**
 * Lists read newest first through the (flag, isHidden, id DESC) indexes, so their cost does not
 * grow with the catalog. Hidden products never appear; out-of-stock ones do (the card disables
 * its add button, spec §4).
 */
async function listFlagged(flag: "isFeatured" | "isPopular", { limit, categoryId }: ListOptions): Promise<ProductJson[]> {
  const rows = await db.product.findMany({
    where: { [flag]: true, isHidden: false, ...(categoryId ? { categoryId } : {}) },
    orderBy: { id: "desc" },
    take: limit,
    select: productSelect,
  });
  return rows.map(toProductJson);
}

export const listFeaturedProducts = (o: ListOptions) => listFlagged("isFeatured", o);
export const listPopularProducts = (o: ListOptions) => listFlagged("isPopular", o);

export async function getProduct(id: number): Promise<ProductJson> {
  const row = await db.product.findFirst({ where: { id, isHidden: false }, select: productSelect });
  if (!row) throw notFound("Product not found");
  return toProductJson(row);
}

/** Products by id, in the order given (hidden ones dropped). */
export async function productsByIds(ids: number[]): Promise<ProductJson[]> {
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({ where: { id: { in: ids }, isHidden: false }, select: productSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toProductJson(r)] : [];
  });
}

export async function listFarmProducts(farmId: number, limit = 50): Promise<ProductJson[]> {
  const rows = await db.product.findMany({ where: { farmId, isHidden: false }, orderBy: { id: "desc" }, take: limit, select: productSelect });
  return rows.map(toProductJson);
}

/** Words of the query as a prefix tsquery ("red app" → "red:* & app:*"); only letters and digits survive. */
export function toPrefixTsquery(q: string): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(" & ");
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Header search and category filter. A product matches when its name or description matches
 * every word as a prefix (the generated `search` tsvector, GIN index), or its farm's name or its
 * category's name contains the text (ILIKE on the two small tables). Results come in relevance
 * groups — own text first, then farm, then category — newest first inside a group.
 *
 * Each branch is its own index-backed query capped at `limit` before the union: the top `limit`
 * of the union always lies inside the union of each branch's top `limit`, so the answer is
 * exact while the work stays bounded at 100k products.
 */
export async function searchProducts({ q, categoryId, limit }: { q: string; categoryId?: number; limit: number }): Promise<ProductJson[]> {
  const text = q.trim();
  const inCategory = categoryId ? Prisma.sql`AND p."categoryId" = ${categoryId}` : Prisma.empty;
  let ids: number[];
  if (!text) {
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM "Product" p WHERE NOT p."isHidden" ${inCategory} ORDER BY p.id DESC LIMIT ${limit}`;
    ids = rows.map((r) => r.id);
  } else {
    const tsq = toPrefixTsquery(text);
    const pattern = likePattern(text);
    const textBranch = tsq
      ? Prisma.sql`(SELECT p.id, 0 AS g FROM "Product" p
           WHERE NOT p."isHidden" ${inCategory} AND p.search @@ to_tsquery('english', ${tsq})
           ORDER BY p.id DESC LIMIT ${limit})
         UNION ALL`
      : Prisma.empty;
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM (
        SELECT DISTINCT ON (id) id, g FROM (
          ${textBranch}
          (SELECT p.id, 1 AS g FROM "Product" p
             WHERE NOT p."isHidden" ${inCategory}
               AND p."farmId" IN (SELECT f.id FROM "Farm" f WHERE f."farmName" ILIKE ${pattern})
             ORDER BY p.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT p.id, 2 AS g FROM "Product" p
             WHERE NOT p."isHidden" ${inCategory}
               AND p."categoryId" IN (SELECT c.id FROM "Category" c WHERE c.name ILIKE ${pattern})
             ORDER BY p.id DESC LIMIT ${limit})
        ) hits ORDER BY id, g
      ) best ORDER BY g, id DESC LIMIT ${limit}`;
    ids = rows.map((r) => Number(r.id));
  }
  return productsByIds(ids);
}
