import { IntentLink } from "@/components/ui/intent-link";
import { Badge } from "@/components/ui/badge";
import type { ProductJson } from "@/lib/contracts/catalog";
import { formatCurrency } from "@/lib/format";
import { formatCasePrice } from "@/lib/money";
import { toCartProduct } from "@/components/cart/cart-reducer";
import { AddToCartButton } from "./add-to-cart-button";
import { productBadge } from "./badge";
import { CardTitle } from "./card-title";
import { Picture, type PictureFrame } from "@/components/ui/picture";

const badgeVariant = {
  "Out of Stock": "muted",
  Bestseller: "warning",
  "Top Rated": "default",
} as const;

/** The product's picture across the top of its card (the badge sits on it); loads lazily. */
const COVER: PictureFrame = {
  width: 160,
  height: 120,
  lazy: true,
  className: "relative aspect-[4/3] bg-brand-50",
  imgClassName: "h-full w-full object-contain p-6",
};

/** Product card (server-rendered; only the add button hydrates): badge, name, farm, price per unit. */
export function ProductCard({
  product,
  headingLevel = 3,
}: {
  product: ProductJson;
  headingLevel?: 2 | 3;
}) {
  const badge = productBadge(product);
  return (
    <article
      data-testid="product-card"
      data-product-id={product.id}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <Picture src={product.image} {...COVER}>
        {badge ? (
          <Badge
            variant={badgeVariant[badge]}
            className="absolute top-3 left-3"
            data-testid="product-badge"
          >
            {badge}
          </Badge>
        ) : null}
      </Picture>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <CardTitle
          level={headingLevel}
          href={`/products/${product.id}`}
          className="leading-snug font-semibold text-ink"
        >
          {product.name}
        </CardTitle>
        <p className="text-sm text-muted">
          <IntentLink href={`/farms/${product.farm.id}`} className="hover:underline">
            {product.farm.farmName}
          </IntentLink>
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <p>
            <span className="font-bold text-ink" data-testid="product-price">
              {formatCurrency(product.price)}
            </span>{" "}
            <span className="text-sm text-muted">/ {product.unit}</span>
            {product.caseSize > 1 ? (
              <span className="block text-xs text-muted" data-testid="product-case">
                {formatCasePrice(product.price, product.unit, product.caseSize)}
              </span>
            ) : null}
          </p>
          <AddToCartButton product={toCartProduct(product)} />
        </div>
      </div>
    </article>
  );
}
