import { z } from "zod";
import {
  farmListQuery,
  productListQuery,
  searchQuery,
  usualListQuery,
} from "@/lib/validators/catalog";
import { endpoint, idParams } from "./endpoint";
import { TAX_CLASSES } from "@/lib/tax";
import { farmRef, id, isoDate, money } from "./json";

export const category = z.object({ id, name: z.string(), icon: z.string() });
export type CategoryJson = z.infer<typeof category>;

export const product = z.object({
  id,
  farmId: id,
  categoryId: id.nullable(),
  name: z.string(),
  description: z.string(),
  price: money.describe(
    "what the signed-in buyer pays per unit: the restaurant price for restaurants where the farm set one",
  ),
  priceLevel: z.enum(["retail", "restaurant"]).describe("which price `price` is"),
  caseSize: z
    .number()
    .int()
    .describe("units per case: restaurants buy in multiples of it; 1 for everyone else"),
  unit: z.string(),
  taxClass: z
    .enum(TAX_CLASSES)
    .describe("zero: GST zero-rated, PST exempt · standard: GST · liquor: GST and PST"),
  inStock: z.boolean(),
  isFeatured: z.boolean(),
  isPopular: z.boolean(),
  image: z.string(),
  createdAt: isoDate,
  farm: farmRef,
});
export type ProductJson = z.infer<typeof product>;

export const usualProduct = product.extend({
  usual: z.object({
    quantity: z.number().int().describe("units in the buyer's latest order of it"),
    orders: z.number().int().describe("the buyer's orders of the last 12 weeks that had it"),
    lastOrderedAt: isoDate,
  }),
});
export type UsualProductJson = z.infer<typeof usualProduct>;

export const farmThumbnail = z.object({ id, name: z.string(), image: z.string() });
export type FarmThumbnail = z.infer<typeof farmThumbnail>;

export const farm = z.object({
  id,
  userId: id,
  farmName: z.string(),
  description: z.string(),
  location: z.string(),
  distance: z.number().describe("miles, one decimal"),
  rating: z.number(),
  reviewCount: z.number().int(),
  farmImage: z.string(),
  productCount: z.number().int().describe("visible products of the farm"),
  products: z.array(farmThumbnail).describe("up to 3 product thumbnails"),
});
export type FarmJson = z.infer<typeof farm>;

export const follow = z.object({ farmId: id, following: z.boolean() });
export type FollowJson = z.infer<typeof follow>;

/** Categories, products and farms: the public catalogue, plus recommendations for the signed-in user. */
export const catalogApi = {
  categories: endpoint({
    method: "GET",
    path: "/api/categories",
    tag: "Catalogue",
    summary: "Product categories",
    auth: "none",
    response: z.array(category),
  }),
  featuredProducts: endpoint({
    method: "GET",
    path: "/api/products/featured",
    tag: "Catalogue",
    summary: "This week's harvest (featured products)",
    auth: "none",
    query: productListQuery,
    response: z.array(product),
  }),
  popularProducts: endpoint({
    method: "GET",
    path: "/api/products/popular",
    tag: "Catalogue",
    summary: "Products popular with restaurants",
    auth: "none",
    query: productListQuery,
    response: z.array(product),
  }),
  recommendedProducts: endpoint({
    method: "GET",
    path: "/api/products/recommended",
    tag: "Catalogue",
    summary: "Products recommended for the signed-in user",
    auth: "required",
    query: productListQuery,
    response: z.array(product),
  }),
  usualProducts: endpoint({
    method: "GET",
    path: "/api/products/usual",
    tag: "Catalogue",
    summary:
      "What the signed-in buyer orders most often (orders of the last 12 weeks not cancelled), most orders first, at the buyer's price",
    auth: "required",
    query: usualListQuery,
    response: z.array(usualProduct),
  }),
  searchProducts: endpoint({
    method: "GET",
    path: "/api/products/search",
    tag: "Catalogue",
    summary: "Search products by name, farm or category",
    auth: "none",
    query: searchQuery,
    response: z.array(product),
  }),
  product: endpoint({
    method: "GET",
    path: "/api/products/{id}",
    tag: "Catalogue",
    summary: "One product with its farm",
    auth: "none",
    params: idParams("Product"),
    response: product,
  }),
  featuredFarms: endpoint({
    method: "GET",
    path: "/api/farms/featured",
    tag: "Catalogue",
    summary: "Featured farms with up to 3 product thumbnails",
    auth: "none",
    query: farmListQuery,
    response: z.array(farm),
  }),
  recommendedFarms: endpoint({
    method: "GET",
    path: "/api/farms/recommended",
    tag: "Catalogue",
    summary: "Farms recommended for the signed-in user",
    auth: "required",
    query: farmListQuery,
    response: z.array(farm),
  }),
  farm: endpoint({
    method: "GET",
    path: "/api/farms/{id}",
    tag: "Catalogue",
    summary: "One farm with its product count",
    auth: "none",
    params: idParams("Farm"),
    response: farm,
  }),
  follow: endpoint({
    method: "PUT",
    path: "/api/farms/{id}/follow",
    tag: "Catalogue",
    summary: "Follow a farm: hear of its weekly fresh sheet (idempotent)",
    auth: "required",
    params: idParams("Farm"),
    response: follow,
  }),
  unfollow: endpoint({
    method: "DELETE",
    path: "/api/farms/{id}/follow",
    tag: "Catalogue",
    summary: "Stop following a farm (idempotent)",
    auth: "required",
    params: idParams("Farm"),
    response: follow,
  }),
};
