import "server-only";
import { cache } from "react";
import type { ProductJson } from "@/lib/contracts/catalog";
import { pageRow } from "@/lib/server/platform/page-data";
import { getFarm } from "./farms";
import { listFarmProducts } from "./products";
import { unitPrice, type PriceLevel } from "./pricing";
import { forViewer } from "./serialize";

/**
 * The farm of a `/farms/{id}…` page (its metadata and its body read it once per request), or
 * null for an id that is not a number or not a farm: the page answers 404.
 */
export const loadFarmPage = cache((id: string) => pageRow(id, getFarm));

/** The most lines a fresh sheet lists. */
export const FRESH_SHEET_LIMIT = 200;

/**
 * A farm's fresh sheet (docs/restaurants.md, "Fresh sheet"): its products free to sell this week
 * (`inStock` means stock beyond what standing orders hold), at one price level and case size, each
 * with its price in cents for the weekly email. The page and the email both read it here.
 */
export async function freshSheet(
  farmId: number,
  level: PriceLevel,
): Promise<{ product: ProductJson; priceCents: number }[]> {
  const rows = await listFarmProducts(farmId, FRESH_SHEET_LIMIT);
  return rows
    .map((row) => ({ product: forViewer(row, level), priceCents: unitPrice(row, level).cents }))
    .filter(({ product }) => product.inStock);
}
