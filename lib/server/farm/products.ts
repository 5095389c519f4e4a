import "server-only";
import { db } from "@/lib/server/platform/db";
import { isDbId } from "@/lib/validators/id";
import { badRequest, conflict, notFound } from "@/lib/server/platform/errors";
import { dollarsToCents } from "@/lib/money";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import type { ProductInput, ProductUpdateInput } from "@/lib/validators/farm";
import { requireOwnFarm } from "./access";
import { toMyProductJson } from "./serialize";
import { type MyProductJson } from "@/lib/contracts/farm";
import { catalogChanged } from "@/lib/server/catalog/cache";
import { countStock, countedStock, stepStock } from "@/lib/server/stock/stock";
import { inTransaction } from "@/lib/server/platform/transaction";

/** Every product of the farmer's farm, hidden ones included (the catalog never shows those). */
export async function listMyProducts(user: SessionUser): Promise<MyProductJson[]> {
  const farm = await requireOwnFarm(user);
  const rows = await db.product.findMany({
    where: { farmId: farm.id },
    orderBy: { id: "desc" },
    take: 1000,
  });
  return rows.map(toMyProductJson);
}

export async function getMyProduct(user: SessionUser, productId: number): Promise<MyProductJson> {
  const farm = await requireOwnFarm(user);
  const row = await db.product.findFirst({ where: { id: productId, farmId: farm.id } });
  if (!row) throw notFound("Product not found");
  return toMyProductJson(row);
}

/** The category, which must exist; returns its name (null for none). */
async function assertCategory(categoryId: number | null | undefined): Promise<string | null> {
  if (categoryId == null) return null;
  if (!isDbId(categoryId))
    throw badRequest("Choose a category", { categoryId: "Choose a category" });
  const found = await db.category.findUnique({
    where: { id: categoryId },
    select: { name: true },
  });
  if (!found) throw badRequest("Choose a category", { categoryId: "Choose a category" });
  return found.name;
}

/** Beer, wine and cider are liquor unless the farm says otherwise; other goods zero-rated. */
export const defaultTaxClass = (category: string | null) =>
  category && /beer|wine|cider/i.test(category) ? "liquor" : "zero";

export async function createMyProduct(
  user: SessionUser,
  input: ProductInput,
): Promise<MyProductJson> {
  const farm = await requireOwnFarm(user);
  const category = await assertCategory(input.categoryId);
  const row = await db.product.create({
    data: {
      farmId: farm.id,
      name: input.name,
      description: input.description,
      priceCents: dollarsToCents(input.price),
      restaurantPriceCents:
        input.restaurantPrice === null ? null : dollarsToCents(input.restaurantPrice),
      caseSize: input.caseSize,
      taxClass: input.taxClass ?? defaultTaxClass(category),
      unit: input.unit,
      // Checkout sells only while inStock and stock suffice; the farmer manages the count.
      ...countedStock(input.stock),
      categoryId: input.categoryId,
      isFeatured: input.isFeatured,
    },
  });
  catalogChanged();
  return toMyProductJson(row);
}

/**
 * Edits, hides/unhides and restocks a product of the farmer's own farm (404 for anyone else's).
 * The farm id is part of the UPDATE's WHERE, so ownership is checked by the same statement that writes.
 */
export async function updateMyProduct(
  user: SessionUser,
  productId: number,
  input: ProductUpdateInput,
): Promise<MyProductJson> {
  const farm = await requireOwnFarm(user);
  await assertCategory(input.categoryId);
  const data: Prisma.ProductUncheckedUpdateManyInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description;
  if (input.price !== undefined) data.priceCents = dollarsToCents(input.price);
  if (input.restaurantPrice !== undefined)
    data.restaurantPriceCents =
      input.restaurantPrice === null ? null : dollarsToCents(input.restaurantPrice);
  if (input.caseSize !== undefined) data.caseSize = input.caseSize;
  if (input.taxClass !== undefined) data.taxClass = input.taxClass;
  if (input.unit !== undefined) data.unit = input.unit;
  if (input.isFeatured !== undefined) data.isFeatured = input.isFeatured;
  if (input.isHidden !== undefined) data.isHidden = input.isHidden;
  if (input.categoryId !== undefined) data.categoryId = input.categoryId;
  await inTransaction(async (tx) => {
    // The count goes through the stock module: below what standing orders hold, it cuts their holds.
    if (input.stock !== undefined && !(await countStock(tx, productId, farm.id, input.stock)))
      throw notFound("Product not found");
    if (input.stock !== undefined && !Object.keys(data).length) return;
    const { count } = await tx.product.updateMany({
      where: { id: productId, farmId: farm.id },
      data,
    });
    if (count === 0) throw notFound("Product not found");
  });
  // This instance's cached lists go now; the others hear the database's announcement.
  catalogChanged();
  return toMyProductJson(await db.product.findUniqueOrThrow({ where: { id: productId } }));
}

/**
 * Products list − / +: moves the farm's own product's stock by `delta` (lib/server/stock), 404
 * for anyone else's, 409 when it would go below 0.
 */
export async function stepMyProductStock(
  user: SessionUser,
  productId: number,
  delta: number,
): Promise<MyProductJson> {
  const farm = await requireOwnFarm(user);
  const row = await inTransaction(async (tx) => {
    const stock = await stepStock(tx, farm.id, productId, delta);
    const product = await tx.product.findFirst({ where: { id: productId, farmId: farm.id } });
    if (!product) throw notFound("Product not found");
    if (stock === null)
      throw conflict(`Only ${product.stock} ${product.unit} of ${product.name} in stock`);
    return product;
  });
  catalogChanged();
  return toMyProductJson(row);
}

/** Sets a product's image (after the upload was checked and stored); returns the previous one. */
export async function setMyProductImage(
  user: SessionUser,
  productId: number,
  url: string,
): Promise<{ product: MyProductJson; previous: string }> {
  const farm = await requireOwnFarm(user);
  const before = await db.product.findFirst({
    where: { id: productId, farmId: farm.id },
    select: { image: true },
  });
  if (!before) throw notFound("Product not found");
  const { count } = await db.product.updateMany({
    where: { id: productId, farmId: farm.id },
    data: { image: url },
  });
  if (count === 0) throw notFound("Product not found");
  catalogChanged();
  return {
    product: toMyProductJson(await db.product.findUniqueOrThrow({ where: { id: productId } })),
    previous: before.image,
  };
}

/** Categories for the product form's select. */
export async function listCategoryOptions(): Promise<{ id: number; name: string }[]> {
  return db.category.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } });
}
