import { Skeleton } from "@/components/ui/skeleton";

/** Loading placeholders. */
export function ProductSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading products"
      className="grid grid-cols-2 gap-4 lg:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="product-skeleton"
          className="grid gap-3 rounded-2xl border border-gray-200 p-4"
        >
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

export function FarmSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading farms"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="farm-skeleton"
          className="grid gap-3 rounded-2xl border border-gray-200 p-4"
        >
          <Skeleton className="aspect-[16/9] w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
