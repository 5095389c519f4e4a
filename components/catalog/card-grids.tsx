import type { FarmJson, ProductJson } from "@/lib/contracts/catalog";
import { FarmCard } from "./farm-card";
import { ProductCard } from "./product-card";

type HeadingLevel = 2 | 3;

/**
 * Product cards in a grid: two columns on phones, three on tablets, four on wide screens
 * (`className` for the home sections' narrower grid).
 */
export function ProductGrid({
  products,
  headingLevel,
  className = "grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4",
  testId,
}: {
  products: ProductJson[];
  headingLevel?: HeadingLevel;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

/** Farm cards in a grid: one column on phones, up to three. */
export function FarmGrid({
  farms,
  headingLevel,
}: {
  farms: FarmJson[];
  headingLevel?: HeadingLevel;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {farms.map((f) => (
        <FarmCard key={f.id} farm={f} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
