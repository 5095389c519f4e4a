import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChevronLeft } from "lucide-react";
import { FarmGrid, ProductGrid } from "@/components/catalog/card-grids";
import { EmptyNote } from "@/components/ui/empty-note";
import { requireUser } from "@/lib/server/auth/current-user";
import { listFeaturedFarms } from "@/lib/server/catalog/farms";
import { categoryParam } from "@/lib/category-param";
import { listFeaturedProducts, listPopularProducts } from "@/lib/server/catalog/products";
import { recommendProducts } from "@/lib/server/catalog/recommend";
import { levelOf } from "@/lib/server/catalog/pricing";
import { listForViewer } from "@/lib/server/catalog/serialize";

/** "See All" lists of the home sections: the same queries with the API's maximum page (50). */
const SECTIONS = {
  recommended: { title: "Recommended for You" },
  harvest: { title: "This Week's Harvest" },
  popular: { title: "Popular with Restaurants" },
  farms: { title: "Featured Farmers" },
} as const;
type SectionKey = keyof typeof SECTIONS;
const isSection = (s: string): s is SectionKey => Object.hasOwn(SECTIONS, s);

type Props = {
  params: Promise<{ section: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { section } = await params;
  return {
    title: isSection(section) ? SECTIONS[section].title : "Not found",
    robots: { index: false },
  };
}

export default async function SeeAllPage({ params, searchParams }: Props) {
  const { section } = await params;
  if (!isSection(section)) notFound();
  const user = await requireUser(`/home/${section}`);
  const categoryId = categoryParam((await searchParams).category);
  const limit = 50;

  let body: React.ReactNode;
  if (section === "farms") {
    const farms = await listFeaturedFarms({ limit });
    body = farms.length ? (
      <FarmGrid farms={farms} headingLevel={2} />
    ) : (
      <EmptyNote>No farms to show yet.</EmptyNote>
    );
  } else {
    const products = listForViewer(
      section === "recommended"
        ? await recommendProducts(user.id, { limit, categoryId })
        : await (section === "harvest" ? listFeaturedProducts : listPopularProducts)({
            limit,
            categoryId,
          }),
      levelOf(user),
    );
    body = products.length ? (
      <ProductGrid products={products} headingLevel={2} />
    ) : (
      <EmptyNote>No products to show yet.</EmptyNote>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          href={categoryId ? `/home?category=${categoryId}` : "/home"}
          className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Back to Home
        </Link>
        <h1 className="text-2xl font-bold text-ink">{SECTIONS[section].title}</h1>
      </div>
      {body}
    </div>
  );
}
