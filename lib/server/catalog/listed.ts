import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What "listed" means, in one place (docs/operations.md, "Farms"): a product shoppers can see is
 * not hidden by its farm, and its farm's listings are not paused by ops. Every catalog read ends
 * in one of the card readers of products.ts (by ids, ranked, flagged lists, one product), and
 * each of them applies this filter, so home, search, recommendations, "your usual" and farm
 * pages all drop a paused farm's products without each query knowing about pauses. The id
 * pickers before them keep walking their (…, isHidden, id) indexes; a paused farm can leave a
 * list a little short, never wrong.
 */
export const listedProduct = {
  isHidden: false,
  farm: { listingsPaused: false },
} satisfies Prisma.ProductWhereInput;

/** The same test in SQL, for a query that joins "Product" as `p` and "Farm" as `f`. */
export const listedSql = Prisma.sql`NOT p."isHidden" AND NOT f."listingsPaused"`;
