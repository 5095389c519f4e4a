import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProductBuyBox } from "@/components/catalog/product-buy-box";
import { productBadge } from "@/components/catalog/badge";
import { toCartProduct } from "@/components/cart/cart-reducer";
import { Badge } from "@/components/ui/badge";
import { NextSlot } from "@/components/fulfilment/next-slot";
import { pageRow } from "@/lib/server/platform/page-data";
import { nextSlotOrNone } from "@/lib/server/fulfilment/slots";
import { getProduct } from "@/lib/server/catalog/products";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { levelOf } from "@/lib/server/catalog/pricing";
import { forViewer } from "@/lib/server/catalog/serialize";
import { formatCurrency } from "@/lib/format";
import { formatCents, lineCents } from "@/lib/money";
import { Picture, type PictureFrame } from "@/components/ui/picture";
import { MessageFarmLink } from "@/components/messages/message-farm-link";
import { loadFarmPage } from "@/lib/server/catalog/farm-page";

type Props = { params: Promise<{ id: string }> };

// One database read per request, shared by generateMetadata and the page.
const load = cache((id: string) => pageRow(id, getProduct));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const p = await load(id);
  if (!p) return { title: "Product not found", robots: { index: false } };
  const description = (p.description || `${p.name} from ${p.farm.farmName}`).slice(0, 160);
  return {
    title: `${p.name} from ${p.farm.farmName}`,
    description,
    alternates: { canonical: `/products/${p.id}` },
    openGraph: { title: p.name, description, images: p.image ? [p.image] : undefined },
  };
}

/** The product's picture, beside its details (above them on a phone). */
const SHOWCASE: PictureFrame = {
  width: 320,
  height: 320,
  className: "flex aspect-square items-center justify-center rounded-3xl bg-brand-50",
  imgClassName: "h-2/3 w-2/3 object-contain",
};

/** Public product page (SEO): server-rendered; only the quantity and Add button are interactive. */
export default async function ProductPage({ params }: Props) {
  const { id } = await params;
  const [found, user] = await Promise.all([load(id), getCurrentUser()]);
  if (!found) notFound();
  const p = forViewer(found, levelOf(user));
  const farm = await loadFarmPage(String(p.farm.id));
  const badge = productBadge(p);
  return (
    // Room at the bottom on phones for the buy bar that stays above the tabs.
    <article className="grid gap-8 pb-20 md:grid-cols-2 md:pb-0">
      <Picture src={p.image} alt={p.name} {...SHOWCASE} />
      <div className="grid content-start gap-4">
        {badge ? (
          <Badge
            className="w-fit"
            variant={
              badge === "Out of Stock" ? "muted" : badge === "Bestseller" ? "warning" : "default"
            }
          >
            {badge}
          </Badge>
        ) : null}
        <h1 className="text-3xl font-bold text-ink">{p.name}</h1>
        <p className="text-muted">
          From{" "}
          <Link
            href={`/farms/${p.farm.id}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {p.farm.farmName}
          </Link>
        </p>
        {farm && user?.id !== farm.userId ? (
          <MessageFarmLink farmUserId={farm.userId} farmName={farm.farmName} />
        ) : null}
        <p className="text-2xl font-bold text-ink">
          {formatCurrency(p.price)}{" "}
          <span className="text-base font-normal text-muted">/ {p.unit}</span>
        </p>
        {p.priceLevel === "restaurant" || p.caseSize > 1 ? (
          <p className="text-sm text-muted" data-testid="price-level">
            {p.priceLevel === "restaurant" ? "Restaurant price" : "Your price"}
            {p.caseSize > 1
              ? ` · sold by the case of ${p.caseSize} (${formatCents(lineCents(p.price, p.caseSize))} a case)`
              : ""}
          </p>
        ) : null}
        {p.description ? <p className="leading-relaxed text-ink">{p.description}</p> : null}
        <NextSlot slot={nextSlotOrNone(p.farm.id)} />
        <ProductBuyBox product={toCartProduct(p)} />
      </div>
    </article>
  );
}
