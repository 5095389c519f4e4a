import { Suspense } from "react";
import { listFeaturedFarms } from "@/lib/server/catalog/farms";
import { listFeaturedProducts, listPopularProducts } from "@/lib/server/catalog/products";
import { recommendFarms, recommendProducts } from "@/lib/server/catalog/recommend";
import type { PriceLevel } from "@/lib/server/catalog/pricing";
import { listForViewer } from "@/lib/server/catalog/serialize";
import type { FarmJson, ProductJson } from "@/lib/server/catalog/types";
import { Carousel } from "./carousel";
import { FarmCard } from "./farm-card";
import { ProductCard } from "./product-card";
import { EmptyNote, Section } from "./section";
import { SectionError } from "./section-error";
import { FarmSkeletons, ProductSkeletons } from "./skeletons";

/**
 * Home sections. Each one is an async server component streamed inside its
 * own Suspense boundary (skeleton fallback), and a failure shows the docs/product.md message with a retry
 * instead of breaking the page.
 */
async function load<T>(fn: () => Promise<T>): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    return { ok: true, data: await fn() };
  } catch (error) {
    console.error("[home] section failed to load:", error);
    return { ok: false };
  }
}

const emptyProducts = (filtered: boolean) => (filtered ? "No products in this category yet." : "No products to show yet.");

function ProductGrid({ products }: { products: ProductJson[] }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </div>
  );
}

function FarmGrid({ farms }: { farms: FarmJson[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {farms.map((f) => (
        <FarmCard key={f.id} farm={f} />
      ))}
    </div>
  );
}

async function RecommendedProducts({ userId, level, categoryId }: { userId: number; level: PriceLevel; categoryId?: number }) {
  const r = await load(async () => listForViewer(await recommendProducts(userId, { limit: 4, categoryId }), level));
  if (!r.ok) return <SectionError message="Failed to fetch recommended products" />;
  if (r.data.length === 0) return <EmptyNote>{emptyProducts(!!categoryId)}</EmptyNote>;
  return <ProductGrid products={r.data} />;
}

async function RecommendedFarms({ userId }: { userId: number }) {
  const r = await load(() => recommendFarms(userId, { limit: 3 }));
  if (!r.ok) return <SectionError message="Failed to fetch recommended farms" />;
  if (r.data.length === 0) return <EmptyNote>No farms to show yet.</EmptyNote>;
  return <FarmGrid farms={r.data} />;
}

async function ProductCarousel({ kind, level, categoryId, label }: { kind: "featured" | "popular"; level: PriceLevel; categoryId?: number; label: string }) {
  const r = await load(async () => listForViewer(await (kind === "featured" ? listFeaturedProducts : listPopularProducts)({ limit: 8, categoryId }), level));
  if (!r.ok) return <SectionError message={kind === "featured" ? "Failed to fetch featured products" : "Failed to fetch popular products"} />;
  if (r.data.length === 0) return <EmptyNote>{emptyProducts(!!categoryId)}</EmptyNote>;
  return (
    <Carousel label={label}>
      {r.data.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </Carousel>
  );
}

async function FeaturedFarms() {
  const r = await load(() => listFeaturedFarms({ limit: 3 }));
  if (!r.ok) return <SectionError message="Failed to fetch featured farms" />;
  if (r.data.length === 0) return <EmptyNote>No farms to show yet.</EmptyNote>;
  return <FarmGrid farms={r.data} />;
}

/** `level`: the signed-in buyer's price level (restaurants see their prices). */
export function HomeSections({ userId, level, categoryId }: { userId: number | null; level: PriceLevel; categoryId?: number }) {
  // Keyed by the filter so a new category shows skeletons instead of the previous category's cards.
  const k = String(categoryId ?? "all");
  return (
    <div id="products" className="grid scroll-mt-24 grid-cols-1 gap-10">
      {userId ? (
        <>
          <Section id="recommended" title="Recommended for You" tag="Personalized" seeAll={`/home/recommended${categoryId ? `?category=${categoryId}` : ""}`}>
            <Suspense key={k} fallback={<ProductSkeletons count={4} />}>
              <RecommendedProducts userId={userId} level={level} categoryId={categoryId} />
            </Suspense>
          </Section>
          <Section id="farms-you-might-like" title="Farms You Might Like">
            <Suspense fallback={<FarmSkeletons count={3} />}>
              <RecommendedFarms userId={userId} />
            </Suspense>
          </Section>
        </>
      ) : null}
      <Section id="harvest" title="This Week's Harvest" seeAll={`/home/harvest${categoryId ? `?category=${categoryId}` : ""}`}>
        <Suspense key={k} fallback={<ProductSkeletons count={4} />}>
          <ProductCarousel kind="featured" level={level} categoryId={categoryId} label="This Week's Harvest" />
        </Suspense>
      </Section>
      <Section id="featured-farmers" title="Featured Farmers" seeAll="/home/farms">
        <Suspense fallback={<FarmSkeletons count={3} />}>
          <FeaturedFarms />
        </Suspense>
      </Section>
      <Section id="popular" title="Popular with Restaurants" seeAll={`/home/popular${categoryId ? `?category=${categoryId}` : ""}`}>
        <Suspense key={k} fallback={<ProductSkeletons count={4} />}>
          <ProductCarousel kind="popular" level={level} categoryId={categoryId} label="Popular with Restaurants" />
        </Suspense>
      </Section>
    </div>
  );
}
