import "server-only";
import { centsToDollars } from "@/lib/money";
import type { ProductJson } from "./types";

/** The columns a product card needs; the tsvector and stock count never leave the server. */
export const productSelect = {
  id: true,
  farmId: true,
  categoryId: true,
  name: true,
  description: true,
  priceCents: true,
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
  unit: string;
  inStock: boolean;
  isFeatured: boolean;
  isPopular: boolean;
  image: string;
  createdAt: Date;
  farm: { id: number; farmName: string };
};

export function toProductJson(p: ProductRow): ProductJson {
  return {
    id: p.id,
    farmId: p.farmId,
    categoryId: p.categoryId,
    name: p.name,
    description: p.description,
    price: centsToDollars(p.priceCents),
    unit: p.unit,
    inStock: p.inStock,
    isFeatured: p.isFeatured,
    isPopular: p.isPopular,
    image: p.image,
    createdAt: p.createdAt.toISOString(),
    farm: { id: p.farm.id, farmName: p.farm.farmName },
  };
}
