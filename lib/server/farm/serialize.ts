import "server-only";
import { centsToDollars } from "@/lib/money";
import type { Farm, Product } from "@/lib/generated/prisma/client";
import type { MyFarmJson, MyProductJson } from "@/lib/contracts/farm";

export function toMyFarmJson(f: Farm): MyFarmJson {
  return {
    id: f.id,
    farmName: f.farmName,
    description: f.description,
    location: f.location,
    farmImage: f.farmImage,
    rating: f.rating,
    reviewCount: f.reviewCount,
    gstNumber: f.gstNumber,
    smallSupplier: f.smallSupplier,
    pstNumber: f.pstNumber,
    freshSheet:
      f.freshSheetWeekday === null
        ? null
        : { weekday: f.freshSheetWeekday, hour: f.freshSheetHour },
  };
}

export function toMyProductJson(p: Product): MyProductJson {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: centsToDollars(p.priceCents),
    restaurantPrice:
      p.restaurantPriceCents === null ? null : centsToDollars(p.restaurantPriceCents),
    caseSize: p.caseSize,
    taxClass: p.taxClass,
    unit: p.unit,
    stock: p.stock,
    reserved: p.reserved,
    available: p.stock - p.reserved,
    inStock: p.inStock,
    categoryId: p.categoryId,
    isFeatured: p.isFeatured,
    isPopular: p.isPopular,
    isHidden: p.isHidden,
    image: p.image,
    updatedAt: p.updatedAt.toISOString(),
  };
}
