import { z } from "zod";
import { plainText } from "./text";

/** `limit` is an integer 1..50; the default differs per list (4 products, 3 farms). See docs/http-contract.md. */
export const limitField = (defaultLimit: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return defaultLimit;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isInteger(n) || n < 1 || n > 50) {
        ctx.addIssue({ code: "custom", message: "limit must be a whole number from 1 to 50" });
        return z.NEVER;
      }
      return n;
    });

const categoryIdField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "" || v === "all") return undefined;
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
      ctx.addIssue({ code: "custom", message: "categoryId must be a positive whole number" });
      return z.NEVER;
    }
    return Number(v);
  });

/** Product lists (featured, popular, recommended) may follow the home page's category filter. */
export const productListQuery = z.object({ limit: limitField(4), categoryId: categoryIdField });
export type ProductListQuery = z.infer<typeof productListQuery>;

export const farmListQuery = z.object({ limit: limitField(3) });
export const usualListQuery = z.object({ limit: limitField(8) });
export type FarmListQuery = z.infer<typeof farmListQuery>;

export const searchQuery = z.object({
  q: plainText({ label: "Search text", trim: "space" })
    .max(100, "Search text is too long (100 characters at most)")
    .optional()
    .default(""),
  categoryId: categoryIdField,
  limit: limitField(24),
});
export type SearchQuery = z.infer<typeof searchQuery>;
