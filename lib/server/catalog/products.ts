import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, readRows } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import { escapeLike } from "@/lib/server/platform/like";
import { cachedCatalogRead } from "./cache";
import { listedProduct, listedSql } from "./listed";
import { productSelect, toCatalogProduct, type CatalogProduct, type ProductRow } from "./serialize";

type ListOptions = { limit: number; categoryId?: number };

/**
 * Lists read newest first through the (flag, isHidden, id DESC) indexes, so their cost does not
 * grow with the catalog. Hidden products never appear; out-of-stock ones do (the card disables
 * its add button, docs/product.md).
 */
async function listFlagged(
  flag: "isFeatured" | "isPopular",
  { limit, categoryId }: ListOptions,
): Promise<CatalogProduct[]> {
  if (categoryId) {
    // Flags and categories are correlated in real catalogs (featured beer can be rare); the fence
    // (OFFSET 0) stops the planner from walking the primary key over the whole catalog on an
    // independence guess, and reads the smaller of the flag / category index ranges instead.
    const column = Prisma.raw(`"${flag}"`);
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM (
        SELECT p.id FROM "Product" p WHERE p.${column} AND NOT p."isHidden" AND p."categoryId" = ${categoryId} OFFSET 0
      ) x ORDER BY id DESC LIMIT ${limit}`;
    return productsByIds(rows.map((r) => Number(r.id)));
  }
  const rows = await db.product.findMany({
    where: { [flag]: true, ...listedProduct },
    orderBy: { id: "desc" },
    take: limit,
    select: productSelect,
  });
  return rows.map(toCatalogProduct);
}

export const listFeaturedProducts = (o: ListOptions) =>
  cachedCatalogRead(`featured:${o.limit}:${o.categoryId ?? ""}`, () =>
    listFlagged("isFeatured", o),
  );
export const listPopularProducts = (o: ListOptions) =>
  cachedCatalogRead(`popular:${o.limit}:${o.categoryId ?? ""}`, () => listFlagged("isPopular", o));

export async function getProduct(id: number): Promise<CatalogProduct> {
  const row = await db.product.findFirst({
    where: { id, ...listedProduct },
    select: productSelect,
  });
  if (!row) throw notFound("Product not found");
  return toCatalogProduct(row);
}

/** Products by id, in the order given (unlisted ones dropped, listed.ts). */
export async function productsByIds(ids: number[]): Promise<CatalogProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({
    where: { id: { in: ids }, ...listedProduct },
    select: productSelect,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toCatalogProduct(r)] : [];
  });
}

/**
 * Newest visible products of the given farms. The inner query is fenced (OFFSET 0) so PostgreSQL
 * reads the farms' rows through the (farmId, isHidden) index and sorts only those: without the
 * fence it prefers walking the primary key backwards, which reads the whole catalog when the
 * farms are small (measured: 53 ms instead of < 1 ms at 100k products). Cost ∝ the farms' size.
 */
export async function newestProductIdsOfFarms(
  farmIds: number[],
  opts: { limit: number; categoryId?: number; inStockOnly?: boolean },
): Promise<number[]> {
  if (farmIds.length === 0) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM (
      SELECT p.id FROM "Product" p
      WHERE p."farmId" IN (${Prisma.join(farmIds)}) AND NOT p."isHidden"
        ${opts.categoryId ? Prisma.sql`AND p."categoryId" = ${opts.categoryId}` : Prisma.empty}
        ${opts.inStockOnly ? Prisma.sql`AND p."inStock"` : Prisma.empty}
      OFFSET 0
    ) x ORDER BY id DESC LIMIT ${opts.limit}`;
  return rows.map((r) => Number(r.id));
}

export async function listFarmProducts(farmId: number, limit = 50): Promise<CatalogProduct[]> {
  return productsByIds(await newestProductIdsOfFarms([farmId], { limit }));
}

/** Words of the query as a prefix tsquery ("red app" → "red:* & app:*"); only letters and digits survive. */
export function toPrefixTsquery(q: string): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(" & ");
}

const likePattern = (q: string) => `%${escapeLike(q)}%`;

/**
 * Header search and category filter. A product matches when its name or description matches
 * every word as a prefix (the generated `search` tsvector, GIN index), or its farm's name or its
 * category's name contains the text (ILIKE on the two small tables; at most the 20 best-rated
 * matching farms count). Results come in relevance
 * groups — own text first, then farm, then category — newest first inside a group.
 *
 * Each branch is index-backed and capped at `limit`: the first `limit` results of the
 * grouped order always lie inside the branches' own first `limit`, so the answer is exact while
 * the work stays bounded at 100k products.
 */
export function searchProducts({
  q,
  categoryId,
  limit,
}: {
  q: string;
  categoryId?: number;
  limit: number;
}): Promise<CatalogProduct[]> {
  // Matching ignores letter case (a text search and ILIKE), so "Apple" and "apple" share an entry.
  const text = q.trim();
  return cachedCatalogRead(`search:${limit}:${categoryId ?? ""}:${text.toLowerCase()}`, () =>
    findProducts(text, categoryId, limit),
  );
}

/** The search itself (uncached). */
async function findProducts(
  text: string,
  categoryId: number | undefined,
  limit: number,
): Promise<CatalogProduct[]> {
  const inCategory = categoryId ? Prisma.sql`AND p."categoryId" = ${categoryId}` : Prisma.empty;
  if (!text) {
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM "Product" p WHERE NOT p."isHidden" ${inCategory} ORDER BY p.id DESC LIMIT ${limit}`;
    return productsByIds(rows.map((r) => Number(r.id)));
  }
  const tsq = toPrefixTsquery(text);
  const pattern = likePattern(text);
  // One statement, one branch per relevance group. Farms and categories are small tables: each
  // branch first resolves their matches, then walks each match's own index (farmId or
  // categoryId, isHidden, id) for its newest `limit` (a LATERAL per match), so no match means no
  // work and the planner never guesses how many farms match (a guess of "one farm" made a plain
  // join scan the whole catalog backwards for a farm that did not exist). The same statement
  // ranks the matches and reads the cards (one round trip, docs/architecture.md).
  return rankedProducts(Prisma.sql`
    WITH by_text AS (
      SELECT p.id FROM "Product" p
      WHERE ${tsq ? Prisma.sql`NOT p."isHidden" ${inCategory} AND p.search @@ to_tsquery('english', ${tsq})` : Prisma.sql`false`}
      ORDER BY p.id DESC LIMIT ${limit}
    ), by_farm AS (
      SELECT x.id FROM (
        SELECT f.id FROM "Farm" f WHERE f."farmName" ILIKE ${pattern} ORDER BY f.rating DESC, f.id LIMIT 20
      ) g CROSS JOIN LATERAL (
        SELECT p.id FROM "Product" p WHERE p."farmId" = g.id AND p."isHidden" = false ${inCategory} ORDER BY p.id DESC LIMIT ${limit}
      ) x ORDER BY x.id DESC LIMIT ${limit}
    ), by_category AS (
      SELECT y.id FROM (
        SELECT c.id FROM "Category" c WHERE c.name ILIKE ${pattern} ${categoryId ? Prisma.sql`AND c.id = ${categoryId}` : Prisma.empty}
      ) g CROSS JOIN LATERAL (
        SELECT p.id FROM "Product" p WHERE p."categoryId" = g.id AND p."isHidden" = false ORDER BY p.id DESC LIMIT ${limit}
      ) y ORDER BY y.id DESC LIMIT ${limit}
    ), hits AS (
      -- Relevance groups in order (own text, farm, category), each newest first; a product's first group wins.
      SELECT DISTINCT ON (id) id, grp FROM (
        SELECT id, 1 AS grp FROM by_text UNION ALL SELECT id, 2 FROM by_farm UNION ALL SELECT id, 3 FROM by_category
      ) h ORDER BY id, grp
    )
    SELECT id, row_number() OVER (ORDER BY grp, id DESC) AS rank FROM hits ORDER BY grp, id DESC LIMIT ${limit}`);
}

type ProductSqlRow = Omit<ProductRow, "farm"> & { farmName: string };

/**
 * The cards of the products a query picks, in its order, in the same statement (a hot read):
 * `ranking` returns `(id, rank)`. Unlisted products are dropped (listed.ts). Maps to the same ProductRow as `productSelect`.
 */
export async function rankedProducts(ranking: Prisma.Sql): Promise<CatalogProduct[]> {
  const rows = await readRows<ProductSqlRow>(Prisma.sql`
    SELECT p.id, p."farmId", p."categoryId", p.name, p.description, p."priceCents", p."restaurantPriceCents", p."caseSize", p."taxClass"::text AS "taxClass", p.unit,
      p."inStock", p."isFeatured", p."isPopular", p.image, p."createdAt", f."farmName"
    FROM (${ranking}) r JOIN "Product" p ON p.id = r.id JOIN "Farm" f ON f.id = p."farmId"
    WHERE ${listedSql}
    ORDER BY r.rank`);
  return rows.map(({ farmName, ...p }) =>
    toCatalogProduct({ ...p, farm: { id: p.farmId, farmName } }),
  );
}
