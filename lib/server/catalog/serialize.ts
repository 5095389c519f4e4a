import "server-only";
import { centsToDollars } from "@/lib/money";
import { caseSizeFor, unitPrice, type PriceLevel } from "./pricing";
import type { ProductJson } from "@/lib/contracts/catalog";
import type { TaxClassName } from "@/lib/tax";

/** The columns a product card needs; the tsvector and stock count never leave the server. */
export const productSelect = {
  id: true,
  farmId: true,
  categoryId: true,
  name: true,
  description: true,
  priceCents: true,
  restaurantPriceCents: true,
  caseSize: true,
  taxClass: true,
  unit: true,
  inStock: true,
  isFeatured: true,
  isPopular: true,
  image: true,
  createdAt: true,
  farm: { select: { id: true, farmName: true } },
} as const;

export type ProductRow = {
  id: number;
  farmId: number;
  categoryId: number | null;
  name: string;
  description: string;
  priceCents: number;
  restaurantPriceCents: number | null;
  caseSize: number;
  taxClass: TaxClassName;
  unit: string;
  inStock: boolean;
  isFeatured: boolean;
  isPopular: boolean;
  image: string;
  createdAt: Date;
  farm: { id: number; farmName: string };
};

/**
 * A product as the catalog reads and caches it, for every buyer at once: both prices and the case
 * size. It never leaves the server as is: `forViewer` turns it into the ProductJson of one price
 * level (a shopper never sees the restaurant price).
 */
export type CatalogProduct = Omit<ProductJson, "price" | "priceLevel" | "caseSize"> & {
  priceCents: number;
  restaurantPriceCents: number | null;
  caseSize: number;
};

export function toCatalogProduct(p: ProductRow): CatalogProduct {
  return {
    id: p.id,
    farmId: p.farmId,
    categoryId: p.categoryId,
    name: p.name,
    description: p.description,
    priceCents: p.priceCents,
    restaurantPriceCents: p.restaurantPriceCents,
    caseSize: p.caseSize,
    unit: p.unit,
    taxClass: p.taxClass,
    inStock: p.inStock,
    isFeatured: p.isFeatured,
    isPopular: p.isPopular,
    image: p.image,
    createdAt: p.createdAt.toISOString(),
    farm: { id: p.farm.id, farmName: p.farm.farmName },
  };
}

/** The product as one price level sees it. */
export function forViewer(p: CatalogProduct, level: PriceLevel): ProductJson {
  const { priceCents, restaurantPriceCents, caseSize, ...rest } = p;
  const price = unitPrice({ priceCents, restaurantPriceCents, caseSize }, level);
  return {
    ...rest,
    price: centsToDollars(price.cents),
    priceLevel: price.level,
    caseSize: caseSizeFor({ caseSize }, level),
  };
}

export const listForViewer = (products: CatalogProduct[], level: PriceLevel): ProductJson[] =>
  products.map((p) => forViewer(p, level));
