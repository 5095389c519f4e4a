import { cn } from "@/lib/cn";
import type { FarmJson, ProductJson } from "@/lib/contracts/catalog";
import { FarmCard } from "./farm-card";
import { ProductCard } from "./product-card";

type HeadingLevel = 2 | 3;

/**
 * Product cards in a grid: two columns on phones, three on tablets, four on wide screens
 * (`className` for the home sections' narrower grid). `id` makes the grid a skip link's target.
 */
export function ProductGrid({
  products,
  headingLevel,
  className = "grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4",
  testId,
  id,
}: {
  products: ProductJson[];
  headingLevel?: HeadingLevel;
  className?: string;
  testId?: string;
  id?: string;
}) {
  return (
    <div
      className={cn(className, id && "scroll-mt-28 outline-none")}
      data-testid={testId}
      id={id}
      tabIndex={id ? -1 : undefined}
    >
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
