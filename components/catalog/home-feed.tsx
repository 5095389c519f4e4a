"use client";
import { useSearchParams } from "next/navigation";
import useSWR from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import { categoryParam } from "@/lib/category-param";
import type { CategoryJson } from "@/lib/server/catalog/types";
import { CategoryGrid } from "./category-grid";
import { Greeting } from "./greeting";
import { HomeSections } from "./home-sections";

/** The greeting of /home: the signed-in user's first name once /api/user has answered. */
export function HomeGreeting() {
  const { user, status } = useAuth();
  return <Greeting fullName={status === "signed-out" ? null : user?.fullName} />;
}

/**
 * The category grid and the sections of /home for `categoryId`. The page is prerendered without
 * its query: there this renders with no category (skeletons), and in the browser `HomeFeed`
 * renders it with the URL's `?category=`.
 */
export function HomeFeedView({ categoryId }: { categoryId?: number }) {
  const { status } = useAuth();
  const { data: categories, error, mutate } = useSWR<CategoryJson[]>("/api/categories");
  // An id that is not a category (a hand-edited URL) filters nothing, once the list says so.
  const selected = categories && !categories.some((c) => c.id === categoryId) ? undefined : categoryId;
  return (
    <>
      <CategoryGrid categories={categories} selected={selected} onRetry={categories === undefined && error ? () => mutate() : undefined} />
      <HomeSections signedIn={status !== "signed-out"} categoryId={selected} />
    </>
  );
}

export function HomeFeed() {
  const categoryId = categoryParam(useSearchParams().get("category") ?? undefined);
  return <HomeFeedView categoryId={categoryId} />;
}
