/** Product badge (docs/product.md): out of stock wins (and disables add), then popular, then featured. */
export type ProductBadge = "Out of Stock" | "Bestseller" | "Top Rated" | null;

export function productBadge(p: {
  inStock: boolean;
  isPopular: boolean;
  isFeatured: boolean;
}): ProductBadge {
  if (!p.inStock) return "Out of Stock";
  if (p.isPopular) return "Bestseller";
  if (p.isFeatured) return "Top Rated";
  return null;
}

export const canAddToCart = (p: { inStock: boolean }) => p.inStock;
