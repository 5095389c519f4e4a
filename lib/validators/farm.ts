import { z } from "zod";
import { hasAtMostTwoDecimals } from "@/lib/money";
import { newPasswordFields, passwordMismatch, passwordsMatch } from "./auth";
import { pageLimit, timeCursorParam } from "./page";
import { plainText, visibleText } from "./text";

/**
 * My Farm payloads (issue 8), shared by the react-hook-form forms and the /api/my-farm handlers.
 * Prices travel in dollars (≤ 2 decimals) and are stored in cents (see docs/money.md).
 */
export const MAX_PRICE = 10_000;
export const MAX_STOCK = 100_000;

const text = (label: string, min: number, max: number) => {
  const required = visibleText(label, `${label} is required`).min(1, `${label} is required`);
  return (
    min > 1 ? required.min(min, `${label} must be at least ${min} characters`) : required
  ).max(max, `${label} must be at most ${max} characters`);
};

const optionalText = (label: string, max: number) =>
  visibleText(label, `${label} must be text (send "" for none)`, { multiline: true }).max(
    max,
    `${label} must be at most ${max} characters`,
  );

export const farmProfileSchema = z.object({
  farmName: text("Farm name", 2, 120),
  description: optionalText("Description", 2000),
  location: text("Location", 2, 300),
});
export type FarmProfileInput = z.infer<typeof farmProfileSchema>;

const priceMessage = `Enter a price from $0.01 to $${MAX_PRICE.toLocaleString("en-US")} with at most 2 decimals`;
const stockMessage = `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString("en-US")}`;
export const MAX_CASE_SIZE = 999;
const restaurantPriceMessage = `Enter a restaurant price from $0.01 to $${MAX_PRICE.toLocaleString("en-US")} with at most 2 decimals, or leave it empty`;
const caseSizeMessage = `Case size must be a whole number from 1 to ${MAX_CASE_SIZE}`;

export const productFields = {
  name: text("Product name", 2, 120),
  description: optionalText("Description", 2000),
  price: z
    .number({ error: priceMessage })
    .finite(priceMessage)
    .min(0.01, priceMessage)
    .max(MAX_PRICE, priceMessage)
    .refine(hasAtMostTwoDecimals, priceMessage),
  unit: text("Unit", 1, 30),
  stock: z
    .number({ error: stockMessage })
    .int(stockMessage)
    .min(0, stockMessage)
    .max(MAX_STOCK, stockMessage),
  /** What restaurants pay per unit (docs/restaurants.md); null: the retail price. */
  restaurantPrice: z
    .number({ error: restaurantPriceMessage })
    .finite(restaurantPriceMessage)
    .min(0.01, restaurantPriceMessage)
    .max(MAX_PRICE, restaurantPriceMessage)
    .refine(hasAtMostTwoDecimals, restaurantPriceMessage)
    .nullable(),
  /** Restaurants buy in multiples of this many units. */
  caseSize: z
    .number({ error: caseSizeMessage })
    .int(caseSizeMessage)
    .min(1, caseSizeMessage)
    .max(MAX_CASE_SIZE, caseSizeMessage),
  categoryId: z
    .number({ error: "Choose a category" })
    .int("Choose a category")
    .positive("Choose a category")
    .nullable(),
  isFeatured: z.boolean({ error: "Featured must be true or false" }),
};

/** POST /api/my-farm/products and the "Add product" form (restaurant price and case size may be left out). */
export const productSchema = z.object({
  ...productFields,
  restaurantPrice: productFields.restaurantPrice.optional().default(null),
  caseSize: productFields.caseSize.optional().default(1),
});
export type ProductInput = z.infer<typeof productSchema>;

/** PATCH /api/my-farm/products/{id}: any subset of the fields, plus hide/unhide. */
const stockStepMessage = "Change the stock by a whole number from -1,000 to 1,000, not 0";
/** Products list: − / + on a product's stock, relative so a checkout meanwhile is not overwritten. */
export const stockStepSchema = z.object({
  delta: z
    .number({ error: stockStepMessage })
    .int(stockStepMessage)
    .min(-1000, stockStepMessage)
    .max(1000, stockStepMessage)
    .refine((n) => n !== 0, stockStepMessage),
});

export const productUpdateSchema = z
  .object({ ...productFields, isHidden: z.boolean({ error: "Hidden must be true or false" }) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

/** POST /api/my-farm/password — the farmer who signed in with a one-time link picks a password. */
export const setPasswordSchema = z
  .object(newPasswordFields)
  .refine(passwordsMatch, passwordMismatch);
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** `npm run farmer:invite -- email "Farm Name" "Location"` arguments. */
export const farmerInviteSchema = z.object({
  email: plainText({ label: "Email", trim: "space" })
    .toLowerCase()
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
  farmName: farmProfileSchema.shape.farmName,
  location: farmProfileSchema.shape.location,
});
export type FarmerInviteInput = z.infer<typeof farmerInviteSchema>;

/** Upload limits (the endpoint answers 413 above the size, 415 for anything not a raster image). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

const TOO_LARGE = `The image is too large (${MAX_IMAGE_BYTES / 1024 / 1024} MB at most)`;
export const IMAGE_TOO_LARGE = TOO_LARGE;

/** POST /api/my-farm/image and /api/my-farm/products/{id}/image: multipart, the file in "image". */
export const imageUploadSchema = z.object({
  image: z
    .file({ error: "Choose an image to upload" })
    .min(1, "The file is empty")
    .meta({ description: "PNG, JPEG, WebP or GIF; checked by its bytes, not its name" }),
});

/** GET /api/my-farm/orders?limit=&cursor= (see ./page.ts). */
export const incomingOrdersQuerySchema = z.object({ limit: pageLimit, cursor: timeCursorParam });
