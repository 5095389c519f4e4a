"use client";
import { useSearchParams } from "next/navigation";
import { Suspense, useEffect, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { categoryParam } from "@/lib/category-param";
import { CategoryGrid } from "./category-grid";
import { Greeting } from "./greeting";
import { HomeFailures, useReportFailure } from "./home-failures";
import { HomeSections } from "./home-sections";
import { useCategories } from "@/lib/client/resources";

/** The greeting of /home: the signed-in user's first name once /api/user has answered. */
export function HomeGreeting() {
  const { user, status } = useAuth();
  return <Greeting fullName={status === "signed-out" ? null : user?.fullName} />;
}

/**
 * The category grid and the sections of /home for `categoryId`; `waiting` holds the sections'
 * requests back (skeletons) until the URL has been read. The page is prerendered with no category.
 */
function HomeFeedView({ categoryId, waiting }: { categoryId?: number; waiting: boolean }) {
  const { status } = useAuth();
  const { data: categories, error, mutate } = useCategories();
  const failed = categories === undefined && !!error;
  useReportFailure("Failed to fetch categories", failed ? mutate : undefined);
  // An id that is not a category (a hand-edited URL) filters nothing, once the list says so.
  const selected =
    categories && !categories.some((c) => c.id === categoryId) ? undefined : categoryId;
  return (
    <>
      <CategoryGrid categories={categories} selected={selected} failed={failed} />
      <HomeSections signedIn={status !== "signed-out"} categoryId={selected} waiting={waiting} />
    </>
  );
}

/**
 * The feed with the URL's `?category=`. The URL's query is known in the browser only, so the
 * prerendered HTML has the feed with no category, and the feed hydrates as that; the query is read
 * by `CategoryFromUrl` in a boundary of its own, which only the browser renders, and handed up.
 * (Read by the feed itself, `useSearchParams` made the whole feed's boundary render anew in the
 * browser: its HTML thrown away and built again in the page's hydration task.)
 */
export function HomeFeed() {
  const [url, setUrl] = useState<{ categoryId?: number } | null>(null);
  return (
    <>
      <Suspense fallback={null}>
        <CategoryFromUrl onRead={setUrl} />
      </Suspense>
      <HomeFailures>
        <HomeFeedView categoryId={url?.categoryId} waiting={url === null} />
      </HomeFailures>
    </>
  );
}

function CategoryFromUrl({ onRead }: { onRead: (url: { categoryId?: number }) => void }) {
  const categoryId = categoryParam(useSearchParams().get("category") ?? undefined);
  useEffect(() => onRead({ categoryId }), [categoryId, onRead]);
  return null;
}
