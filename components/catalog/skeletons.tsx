import { Skeleton } from "@/components/ui/skeleton";

/** Each card grid's outline: its columns, the picture's shape and the width of each text line. */
const cards = {
  product: {
    label: "Loading products",
    testId: "product-skeleton",
    grid: "grid-cols-2 lg:grid-cols-4",
    picture: "aspect-[4/3]",
    lines: ["w-3/4", "w-1/2"],
  },
  farm: {
    label: "Loading farms",
    testId: "farm-skeleton",
    grid: "sm:grid-cols-2 lg:grid-cols-3",
    picture: "aspect-[16/9]",
    lines: ["w-2/3", "w-1/3"],
  },
};

/** Loading placeholders for the card grids, as many cards as the grid shows. */
export function ProductSkeletons({ count = 4 }: { count?: number }) {
  return <CardSkeletons count={count} {...cards.product} />;
}

export function FarmSkeletons({ count = 3 }: { count?: number }) {
  return <CardSkeletons count={count} {...cards.farm} />;
}

/** A grid of card outlines: the picture's shape, then a line for each width. */
function CardSkeletons({
  count,
  label,
  testId,
  grid,
  picture,
  lines,
}: {
  count: number;
  label: string;
  testId: string;
  grid: string;
  picture: string;
  lines: string[];
}) {
  return (
    <div role="status" aria-label={label} className={`grid gap-4 ${grid}`}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid={testId}
          className="grid gap-3 rounded-2xl border border-gray-200 p-4"
        >
          <Skeleton className={`${picture} w-full`} />
          {lines.map((width) => (
            <Skeleton key={width} className={`h-4 ${width}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
