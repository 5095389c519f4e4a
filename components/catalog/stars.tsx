import { formatRating } from "@/lib/format";
import { Icon } from "@/components/ui/icon";

/** Rating to one decimal with 5 stars; the stars are decoration, the label says it. */
export function Stars({ rating, reviewCount }: { rating: number; reviewCount?: number }) {
  const full = Math.round(rating);
  return (
    <span
      className="inline-flex items-center gap-1 text-sm"
      aria-label={`Rated ${formatRating(rating)} out of 5${reviewCount != null ? `, ${reviewCount} reviews` : ""}`}
      role="img"
    >
      <span aria-hidden className="flex">
        {Array.from({ length: 5 }, (_, i) => (
          <Icon
            key={i}
            name="star"
            className={
              i < full ? "h-4 w-4 fill-harvest-400 text-harvest-500" : "h-4 w-4 text-gray-300"
            }
          />
        ))}
      </span>
      <span aria-hidden className="font-semibold text-ink" data-testid="farm-rating">
        {formatRating(rating)}
      </span>
      {reviewCount != null ? (
        <span aria-hidden className="text-muted">
          ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}
