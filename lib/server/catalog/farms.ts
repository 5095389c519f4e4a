import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, readRows } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import type { FarmJson, FarmThumbnail } from "@/lib/contracts/catalog";
import { cachedCatalogRead } from "./cache";
import { listedSql } from "./listed";

type FarmRow = {
  id: number;
  userId: number;
  farmName: string;
  description: string;
  location: string;
  distance: number;
  rating: number;
  reviewCount: number;
  farmImage: string;
  productCount: number | bigint;
  products: FarmThumbnail[] | string | null;
};

function toFarmJson(r: FarmRow): FarmJson {
  const products =
    typeof r.products === "string"
      ? (JSON.parse(r.products) as FarmThumbnail[])
      : (r.products ?? []);
  return {
    id: r.id,
    userId: r.userId,
    farmName: r.farmName,
    description: r.description,
    location: r.location,
    distance: Number(r.distance),
    rating: Number(r.rating),
    reviewCount: r.reviewCount,
    farmImage: r.farmImage,
    productCount: Number(r.productCount),
    products: products.map((p) => ({ id: Number(p.id), name: p.name, image: p.image })),
  };
}

/**
 * Farms by id, in the order given, each with its visible product count and up to 3 thumbnails.
 */
export async function farmsByIds(ids: number[]): Promise<FarmJson[]> {
  if (ids.length === 0) return [];
  return rankedFarms(
    Prisma.sql`SELECT id, rank FROM unnest(ARRAY[${Prisma.join(ids)}]::int[]) WITH ORDINALITY AS t(id, rank)`,
  );
}

/**
 * The farm cards a query picks, in its order, in the same statement (a hot read): `ranking`
 * returns `(id, rank)`. Both subqueries walk the (farmId, isHidden, id DESC) index; the
 * thumbnails are the farm's three newest products, read in index order instead of sorting a big
 * farm's catalog.
 */
export async function rankedFarms(ranking: Prisma.Sql): Promise<FarmJson[]> {
  const rows = await readRows<FarmRow>(Prisma.sql`
    SELECT f.id, f."userId", f."farmName", f.description, f.location, f.distance, f.rating, f."reviewCount", f."farmImage",
      (SELECT count(*)::int FROM "Product" p WHERE p."farmId" = f.id AND ${listedSql}) AS "productCount",
      (SELECT coalesce(json_agg(t), '[]'::json) FROM (
         SELECT p.id, p.name, p.image FROM "Product" p WHERE p."farmId" = f.id AND ${listedSql} ORDER BY p.id DESC LIMIT 3
       ) t) AS products
    FROM (${ranking}) r JOIN "Farm" f ON f.id = r.id
    ORDER BY r.rank`);
  return rows.map(toFarmJson);
}

/** Featured farms: best rated first (Farm(rating DESC, id) index). */
export function listFeaturedFarms({ limit }: { limit: number }): Promise<FarmJson[]> {
  return cachedCatalogRead(`farms:${limit}`, async () => {
    const top = await db.farm.findMany({
      orderBy: [{ rating: "desc" }, { id: "asc" }],
      take: limit,
      select: { id: true },
    });
    return farmsByIds(top.map((f) => f.id));
  });
}

export async function getFarm(id: number): Promise<FarmJson> {
  const [farm] = await farmsByIds([id]);
  if (!farm) throw notFound("Farm not found");
  return farm;
}
