import { z } from "zod";
import { dollars, wholeNumber } from "./number";
import { newPasswordFields, passwordMismatch, passwordsMatch } from "./auth";
import { pageLimit, timeCursorParam } from "./page";
import { plainText, visibleText } from "./text";
import { isLocalDate } from "@/lib/local-date";

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

export const GST_NUMBER_MESSAGE =
  "Enter the GST/HST number as 9 digits, RT and 4 digits, like 123456789 RT0001, or leave it empty";
export const PST_NUMBER_MESSAGE = "Enter the PST number like PST-1234-5678, or leave it empty";
export const SMALL_SUPPLIER_CONFLICT =
  "A farm registered for GST is not a small supplier: clear the GST number or untick small supplier";

/** "123456789RT0001" or "123456789 RT0001" → "123456789 RT0001"; "" stays "" (not registered). */
const gstNumber = z
  .string({ error: GST_NUMBER_MESSAGE })
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/\s+/g, ""))
  .refine((v) => v === "" || /^\d{9}RT\d{4}$/.test(v), GST_NUMBER_MESSAGE)
  .transform((v) => (v ? `${v.slice(0, 9)} ${v.slice(9)}` : ""));

/** "pst 1234 5678", "PST-1234-5678" → "PST-1234-5678"; "" stays "". */
const pstNumber = z
  .string({ error: PST_NUMBER_MESSAGE })
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/[\s-]+/g, ""))
  .refine((v) => v === "" || /^PST\d{8}$/.test(v), PST_NUMBER_MESSAGE)
  .transform((v) => (v ? `PST-${v.slice(3, 7)}-${v.slice(7)}` : ""));

/**
 * Farm profile: name, description, location and the farm's tax numbers (docs/money.md, "Taxes").
 * The tax fields may be left out (unchanged); "" clears a number.
 */
export const farmProfileSchema = z
  .object({
    farmName: text("Farm name", 2, 120),
    description: optionalText("Description", 2000),
    location: text("Location", 2, 300),
    gstNumber: gstNumber.optional(),
    smallSupplier: z.boolean({ error: "Small supplier must be true or false" }).optional(),
    pstNumber: pstNumber.optional(),
    /** When the weekly fresh-sheet email goes out (farm's zone); null: not sent. Absent: unchanged. */
    freshSheet: z
      .object(
        {
          weekday: wholeNumber(0, 6, "Choose a day of the week"),
          hour: wholeNumber(0, 23, "Choose an hour from 0 to 23"),
        },
        { error: "Fresh sheet must be a weekday and an hour, or null" },
      )
      .strict()
      .nullable()
      .optional(),
  })
  .refine((v) => !(v.gstNumber && v.smallSupplier), {
    message: SMALL_SUPPLIER_CONFLICT,
    path: ["smallSupplier"],
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
  price: dollars(0.01, MAX_PRICE, priceMessage),
  unit: text("Unit", 1, 30),
  stock: wholeNumber(0, MAX_STOCK, stockMessage),
  /** What restaurants pay per unit (docs/restaurants.md); null: the retail price. */
  restaurantPrice: dollars(0.01, MAX_PRICE, restaurantPriceMessage).nullable(),
  /** Restaurants buy in multiples of this many units. */
  caseSize: wholeNumber(1, MAX_CASE_SIZE, caseSizeMessage),
  categoryId: z
    .number({ error: "Choose a category" })
    .int("Choose a category")
    .positive("Choose a category")
    .nullable(),
  isFeatured: z.boolean({ error: "Featured must be true or false" }),
  /** docs/money.md, "Taxes"; left out at creation: liquor for beer, wine and cider, else zero. */
  taxClass: z.enum(["zero", "standard", "liquor"], {
    error: "Tax class must be zero, standard or liquor",
  }),
};

/** POST /api/my-farm/products and the "Add product" form (restaurant price and case size may be left out). */
export const productSchema = z.object({
  ...productFields,
  restaurantPrice: productFields.restaurantPrice.optional().default(null),
  caseSize: productFields.caseSize.optional().default(1),
  taxClass: productFields.taxClass.optional(),
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

const reportDay = (label: string) =>
  z
    .string({ error: `${label} must be a day like 2026-11-01` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a day like 2026-11-01`)
    .refine(isLocalDate, `${label} must be a day like 2026-11-01`);

const periodFields = { from: reportDay("from"), to: reportDay("to") };
/** from ≤ to, and at most a year: the rules every report's period follows. */
const periodRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["to"] })
    .refine(
      (q) =>
        Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 366 * 86_400_000,
      { message: "A report covers at most a year", path: ["to"] },
    );

/** A report's period: from=YYYY-MM-DD&to=YYYY-MM-DD (both days included, farm time). */
export const reportPeriodSchema = periodRules(z.object(periodFields));
const reportFormat = z.enum(["json", "csv"]).default("json");

/** GET /api/my-farm/reports/tax?from=&to=&format=json|csv */
export const taxReportQuerySchema = periodRules(
  z.object({ ...periodFields, format: reportFormat }),
);

export const SALES_GROUPS = ["week", "product", "channel"] as const;
/** GET /api/my-farm/reports/sales?from=&to=&group=week|product|channel&format=json|csv */
export const salesReportQuerySchema = periodRules(
  z.object({
    ...periodFields,
    group: z
      .enum(SALES_GROUPS, { error: "group must be week, product or channel" })
      .default("week")
      .meta({ description: "which table the CSV holds; the JSON always carries every table" }),
    format: reportFormat,
  }),
);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export type ReportPeriodInput = z.infer<typeof reportPeriodSchema>;
