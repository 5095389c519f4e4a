"use client";
import { useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { CategoryJson } from "@/lib/contracts/catalog";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { CategoryIcon } from "./category-icon";
import { NotLoaded } from "./home-failures";

/**
 * Category icon grid: a click toggles the category. The choice lives in the URL (?category=ID),
 * so the sections below follow it and the view can be shared. `categories` undefined: still
 * loading (tiles of the same size stand in); `failed`: they did not load (the feed's notice says so).
 */
export function CategoryGrid({
  categories,
  selected,
  failed = false,
}: {
  categories?: CategoryJson[];
  selected?: number;
  failed?: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, start] = useTransition();
  const toggle = (id: number) =>
    start(() =>
      router.push(selected === id ? pathname : `${pathname}?category=${id}`, { scroll: false }),
    );
  return (
    <section
      aria-labelledby="categories-title"
      className="grid gap-3"
      data-testid="category-grid"
      aria-busy={pending || !categories}
    >
      <h2 id="categories-title" className="text-xl font-bold text-ink">
        Categories
      </h2>
      {failed ? (
        <NotLoaded />
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {categories
            ? categories.map((c) => {
                const active = selected === c.id;
                return (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-pressed={active}
                      onClick={() => toggle(c.id)}
                      className={cn(
                        "flex min-h-24 w-full flex-col items-center justify-center gap-2 rounded-2xl border p-3 text-center text-sm font-semibold transition-colors",
                        active
                          ? "border-brand-700 bg-brand-700 text-white"
                          : "border-gray-200 bg-white text-ink hover:border-brand-300 hover:bg-brand-50",
                      )}
                    >
                      <CategoryIcon name={c.icon} className="h-7 w-7" />
                      {c.name}
                    </button>
                  </li>
                );
              })
            : // Keys of their own: a placeholder keyed 1..5 would be kept for the category of that id
              // and moved to its place, which the browser counts as a layout shift.
              Array.from({ length: 6 }, (_, i) => (
                <li key={`placeholder-${i}`}>
                  <Skeleton className="h-[100px] w-full rounded-2xl sm:h-24" />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
