"use client";
import { Suspense, type ReactNode } from "react";
import { useSearchParams } from "next/navigation";

/**
 * Renders `children(search)` with the address's query string. Prerendered pages are built with no
 * query, so there (and until the browser has read the address) it renders with "": useSearchParams
 * needs this Suspense boundary on a prerendered page.
 */
export function WithSearch({ children }: { children: (search: string) => ReactNode }) {
  return (
    <Suspense fallback={children("")}>
      <Search>{children}</Search>
    </Suspense>
  );
}

function Search({ children }: { children: (search: string) => ReactNode }) {
  return children(useSearchParams().toString());
}
