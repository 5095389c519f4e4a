import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MapPin } from "lucide-react";
import { ProductGrid } from "@/components/catalog/card-grids";
import { EmptyNote } from "@/components/ui/empty-note";
import { Stars } from "@/components/catalog/stars";
import { NextSlot } from "@/components/fulfilment/next-slot";
import { nextSlotOrNone } from "@/lib/server/fulfilment/slots";
import { loadFarmPage } from "@/lib/server/catalog/farm-page";
import { listFarmProducts } from "@/lib/server/catalog/products";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { levelOf } from "@/lib/server/catalog/pricing";
import { listForViewer } from "@/lib/server/catalog/serialize";
import { formatDistance } from "@/lib/format";
import Link from "next/link";
import { FollowButton } from "@/components/catalog/follow-button";
import { isFollowing } from "@/lib/server/catalog/follows";
import { Picture, type PictureFrame } from "@/components/ui/picture";
import { MessageFarmLink } from "@/components/messages/message-farm-link";
import { FarmShares } from "@/components/shares/farm-shares";
import { openShares } from "@/lib/server/shares/plans";
import * as clock from "@/lib/server/platform/clock";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const farm = await loadFarmPage(id);
  if (!farm) return { title: "Farm not found", robots: { index: false } };
  const description = (farm.description || `${farm.farmName} in ${farm.location}`).slice(0, 160);
  return {
    title: `${farm.farmName} — ${farm.location}`,
    description,
    alternates: { canonical: `/farms/${farm.id}` },
    openGraph: {
      title: farm.farmName,
      description,
      images: farm.farmImage ? [farm.farmImage] : undefined,
    },
  };
}

/** The farm's picture across the top of its page. */
const BANNER: PictureFrame = {
  width: 960,
  height: 320,
  className: "aspect-[3/1] bg-brand-100",
  imgClassName: "h-full w-full object-cover",
};

/** Public farm page (SEO): the farm and its products. */
export default async function FarmPage({ params }: Props) {
  const { id } = await params;
  const farm = await loadFarmPage(id);
  if (!farm) notFound();
  const [found, user, shares] = await Promise.all([
    listFarmProducts(farm.id, 48),
    getCurrentUser(),
    clock.now().then((now) => openShares(farm.id, now)),
  ]);
  const products = listForViewer(found, levelOf(user));
  const following = user ? await isFollowing(user.id, farm.id) : false;
  return (
    <div className="grid grid-cols-1 gap-8">
      <header className="overflow-hidden rounded-3xl border border-gray-200">
        <Picture src={farm.farmImage} {...BANNER} />
        <div className="grid gap-2 p-6">
          <h1 className="text-3xl font-bold text-ink">{farm.farmName}</h1>
          <Stars rating={farm.rating} reviewCount={farm.reviewCount} />
          <p className="flex items-center gap-1 text-sm text-muted">
            <MapPin aria-hidden className="h-4 w-4" />
            {farm.location} · {formatDistance(farm.distance, "mi")}
          </p>
          {farm.description ? (
            <p className="max-w-3xl leading-relaxed text-ink">{farm.description}</p>
          ) : null}
          <NextSlot slot={nextSlotOrNone(farm.id)} />
          <div className="flex flex-wrap items-center gap-3">
            {user ? (
              <FollowButton farmId={farm.id} farmName={farm.farmName} initial={following} />
            ) : null}
            <Link
              href={`/farms/${farm.id}/fresh-sheet`}
              className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              This week&apos;s fresh sheet
            </Link>
            {user?.id === farm.userId ? null : (
              <MessageFarmLink farmUserId={farm.userId} farmName={farm.farmName} />
            )}
          </div>
        </div>
      </header>
      {shares.length ? (
        <FarmShares
          shares={shares}
          canJoin={user ? user.userType !== "farmer" : null}
          farmPath={`/farms/${farm.id}`}
        />
      ) : null}
      <section aria-labelledby="farm-products" className="grid gap-4">
        <h2 id="farm-products" className="text-xl font-bold text-ink">
          Products ({farm.productCount})
        </h2>
        {products.length ? (
          <ProductGrid products={products} />
        ) : (
          <EmptyNote>This farm has no products listed right now.</EmptyNote>
        )}
      </section>
    </div>
  );
}
