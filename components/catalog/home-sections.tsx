"use client";
import useSWR from "swr";
import { useNearViewport } from "@/lib/client/use-near-viewport";
import type { FarmJson, ProductJson } from "@/lib/contracts/catalog";
import { Carousel } from "./carousel";
import { FarmGrid, ProductGrid } from "./card-grids";
import { ProductCard } from "./product-card";
import { EmptyNote } from "@/components/ui/empty-note";
import { JoinShareCard } from "@/components/shares/join-share-card";
import { Section } from "./section";
import { NotLoaded, useReportFailure } from "./home-failures";
import { FarmSkeletons, ProductSkeletons } from "./skeletons";

/**
 * Home sections. Each one reads its own /api list through SWR and shows skeletons until it is in,
 * without holding up the others; a failure goes to the feed's one notice (./home-failures.tsx). The
 * product lists follow the category filter (a new category shows skeletons, not the previous
 * category's cards); prices are the signed-in buyer's (restaurants see theirs: the API reads the
 * session).
 */
/** `url` null: not yet (the skeleton, and no request). */
type LoadedProps<T> = {
  url: string | null;
  skeleton: React.ReactNode;
  failure: string;
  empty: string;
  children: (items: T[]) => React.ReactNode;
};

function Loaded<T>({ url, skeleton, failure, empty, children }: LoadedProps<T>) {
  const { data, error, mutate } = useSWR<T[]>(url);
  const failed = data === undefined && !!error;
  useReportFailure(failure, failed ? mutate : undefined);
  if (data === undefined) return failed ? <NotLoaded /> : skeleton;
  if (data.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return children(data);
}

/**
 * A section below the first: its skeleton until it comes within about a phone screen of the
 * viewport, then `Loaded`. On a phone the first screen holds the greeting, the banner, the
 * categories and the first section; fetching and rendering the other four at once doubled the
 * main thread's work of the load (Lighthouse mobile, docs/architecture.md "Where the time goes").
 */
function LoadedWhenNear<T>(props: LoadedProps<T>) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? <Loaded<T> {...props} /> : props.skeleton}</div>;
}

// The home column is narrower than a full page: no third column on tablets.
const HOME_GRID = "grid grid-cols-2 gap-4 lg:grid-cols-4";

const emptyProducts = (filtered: boolean) =>
  filtered ? "No products in this category yet." : "No products to show yet.";

function ProductCarousel({
  url,
  label,
  failure,
  filtered,
}: {
  url: string | null;
  label: string;
  failure: string;
  filtered: boolean;
}) {
  return (
    <LoadedWhenNear<ProductJson>
      url={url}
      skeleton={<ProductSkeletons count={4} />}
      failure={failure}
      empty={emptyProducts(filtered)}
    >
      {(products) => (
        <Carousel label={label}>
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </Carousel>
      )}
    </LoadedWhenNear>
  );
}

/** A section's farm cards, fetched once it nears the viewport. */
function FarmCards({ url, failure }: { url: string; failure: string }) {
  return (
    <LoadedWhenNear<FarmJson>
      url={url}
      skeleton={<FarmSkeletons count={3} />}
      failure={failure}
      empty="No farms to show yet."
    >
      {(farms) => <FarmGrid farms={farms} />}
    </LoadedWhenNear>
  );
}

/**
 * `signedIn` adds the personal sections; `categoryId` filters the product lists, which wait (their
 * skeletons, no request) while `waiting` says the category is not known yet.
 */
export function HomeSections({
  signedIn,
  categoryId,
  waiting,
}: {
  signedIn: boolean;
  categoryId?: number;
  waiting: boolean;
}) {
  const category = categoryId ? `&categoryId=${categoryId}` : "";
  const products = (url: string) => (waiting ? null : `${url}${category}`);
  const seeAllQuery = categoryId ? `?category=${categoryId}` : "";
  // A carousel of 8 from the /api/products `list`; the section's id names its See All page.
  const carousel = (id: string, title: string, list: string, failure: string) => (
    <Section id={id} title={title} seeAll={`/home/${id}${seeAllQuery}`}>
      <ProductCarousel
        url={products(`/api/products/${list}?limit=8`)}
        label={title}
        failure={failure}
        filtered={!!categoryId}
      />
    </Section>
  );
  return (
    <div id="products" className="grid scroll-mt-24 grid-cols-1 gap-10">
      {signedIn ? (
        <>
          <Section
            id="recommended"
            title="Recommended for You"
            tag="Personalized"
            seeAll={`/home/recommended${seeAllQuery}`}
          >
            <Loaded<ProductJson>
              url={products("/api/products/recommended?limit=4")}
              skeleton={<ProductSkeletons count={4} />}
              failure="Failed to fetch recommended products"
              empty={emptyProducts(!!categoryId)}
            >
              {(products) => <ProductGrid products={products} className={HOME_GRID} />}
            </Loaded>
          </Section>
          <Section id="farms-you-might-like" title="Farms You Might Like">
            <FarmCards
              url="/api/farms/recommended?limit=3"
              failure="Failed to fetch recommended farms"
            />
          </Section>
        </>
      ) : null}
      {carousel("harvest", "This Week's Harvest", "featured", "Failed to fetch featured products")}
      <Section id="featured-farmers" title="Featured Farmers" seeAll="/home/farms">
        <FarmCards url="/api/farms/featured?limit=3" failure="Failed to fetch featured farms" />
      </Section>
      {carousel(
        "popular",
        "Popular with Restaurants",
        "popular",
        "Failed to fetch popular products",
      )}
      {signedIn ? <JoinShareCard /> : null}
    </div>
  );
}
