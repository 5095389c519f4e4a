import { IntentLink } from "@/components/ui/intent-link";
import type { FarmJson } from "@/lib/contracts/catalog";
import { formatDistance } from "@/lib/format";
import { Stars } from "./stars";
import { Icon } from "@/components/ui/icon";
import { CardTitle } from "./card-title";
import { Picture, type PictureFrame } from "@/components/ui/picture";

/** The farm's picture across the top of its card; cards come in lists, so it loads lazily. */
const COVER: PictureFrame = {
  width: 320,
  height: 180,
  lazy: true,
  className: "aspect-[16/9] bg-brand-100",
  imgClassName: "h-full w-full object-cover",
};

/** Farm card: rating with 5 stars, distance in miles (one decimal), ≤ 3 product thumbnails + "+N". */
export function FarmCard({ farm, headingLevel = 3 }: { farm: FarmJson; headingLevel?: 2 | 3 }) {
  const thumbs = farm.products.slice(0, 3);
  const more = Math.max(0, farm.productCount - thumbs.length);
  return (
    <article
      data-testid="farm-card"
      data-farm-id={farm.id}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <Picture src={farm.farmImage} {...COVER} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CardTitle level={headingLevel} href={`/farms/${farm.id}`}>
          {farm.farmName}
        </CardTitle>
        <Stars rating={farm.rating} reviewCount={farm.reviewCount} />
        <p className="flex items-center gap-1 text-sm text-muted">
          <Icon name="map-pin" className="h-4 w-4" />
          <span data-testid="farm-distance" className="whitespace-nowrap">
            {formatDistance(farm.distance, "mi")}
          </span>
          <span aria-hidden>·</span>
          <span className="truncate">{farm.location}</span>
        </p>
        {thumbs.length > 0 ? (
          <ul
            className="mt-auto flex items-center gap-2 pt-1"
            aria-label={`Products from ${farm.farmName}`}
          >
            {thumbs.map((p) => (
              <li key={p.id} data-testid="farm-thumb">
                <IntentLink
                  href={`/products/${p.id}`}
                  aria-label={p.name}
                  title={p.name}
                  className="block h-11 w-11 overflow-hidden rounded-lg border border-gray-200 bg-brand-50"
                >
                  {p.image ? (
                    // eslint-disable-next-line @next/next/no-img-element -- local SVG illustrations
                    <img
                      src={p.image}
                      alt=""
                      loading="lazy"
                      width={44}
                      height={44}
                      className="h-full w-full object-contain p-1"
                    />
                  ) : null}
                </IntentLink>
              </li>
            ))}
            {more > 0 ? (
              <li
                data-testid="farm-more"
                className="flex h-11 min-w-11 items-center justify-center rounded-lg bg-gray-100 px-2 text-sm font-semibold text-ink"
                aria-label={`${more} more products`}
              >
                +{more}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
