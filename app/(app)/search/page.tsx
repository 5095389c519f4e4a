import type { Metadata } from "next";
import { Greeting } from "@/components/catalog/greeting";
import { ProductGrid } from "@/components/catalog/card-grids";
import { EmptyNote } from "@/components/ui/empty-note";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { listCategories } from "@/lib/server/catalog/categories";
import { categoryParam } from "@/lib/category-param";
import { searchProducts } from "@/lib/server/catalog/products";
import { levelOf } from "@/lib/server/catalog/pricing";
import { listForViewer } from "@/lib/server/catalog/serialize";
import { searchQuery } from "@/lib/validators/catalog";
import { cn } from "@/lib/cn";
import Link from "next/link";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q)
    .trim()
    .slice(0, 100);
  return {
    title: q ? `Search: ${q}` : "Search local farm products",
    description:
      "Search seasonal produce, dairy, meat, drinks and preserves from farms around Kelowna.",
    alternates: { canonical: "/search" },
    // Result pages are endless variations of one page; keep them out of the index.
    robots: q ? { index: false, follow: true } : undefined,
  };
}

/** Public search results. */
export default async function SearchPage({ searchParams }: Props) {
  const sp = await searchParams;
  const parsed = searchQuery.safeParse({
    q: first(sp.q).slice(0, 100),
    categoryId: String(categoryParam(sp.category) ?? ""),
  });
  const query = parsed.success ? parsed.data : { q: "", categoryId: undefined, limit: 24 };
  const [user, categories, found] = await Promise.all([
    getCurrentUser(),
    listCategories(),
    searchProducts({ ...query, limit: 48 }),
  ]);
  const results = listForViewer(found, levelOf(user));
  const href = (categoryId?: number) => {
    const p = new URLSearchParams();
    if (query.q) p.set("q", query.q);
    if (categoryId) p.set("category", String(categoryId));
    const s = p.toString();
    return s ? `/search?${s}` : "/search";
  };

  return (
    <div className="grid gap-6">
      {!query.q && !user ? <Greeting fullName={null} /> : null}
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-ink">
          {query.q ? <>Results for &ldquo;{query.q}&rdquo;</> : "Browse local farm products"}
        </h1>
        <p className="text-sm text-muted" role="status" data-testid="search-count">
          {results.length === 0
            ? "No products found"
            : `${results.length}${results.length === 48 ? "+" : ""} ${results.length === 1 ? "product" : "products"}`}
        </p>
      </div>
      {results.length ? (
        // The category chips come first: a keyboard reaches the first result past them in one Tab.
        <a href="#search-results" className={cn(chip(false), "sr-only w-fit focus:not-sr-only")}>
          Skip to results
        </a>
      ) : null}
      <nav aria-label="Filter by category">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              href={href()}
              aria-current={!query.categoryId ? "page" : undefined}
              className={chip(!query.categoryId)}
            >
              All
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                href={href(c.id)}
                aria-current={query.categoryId === c.id ? "page" : undefined}
                className={chip(query.categoryId === c.id)}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {results.length === 0 ? (
        <EmptyNote>
          {query.q
            ? `Nothing matches “${query.q}”. Try another word, a farm or a category.`
            : "No products yet."}
        </EmptyNote>
      ) : (
        <ProductGrid
          products={results}
          headingLevel={2}
          testId="search-results"
          id="search-results"
        />
      )}
    </div>
  );
}

const chip = (active: boolean) =>
  cn(
    "inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold",
    active
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-gray-300 bg-white text-ink hover:bg-gray-50",
  );
