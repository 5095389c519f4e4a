"use client";
import { useCallback, useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { WithSearch } from "./with-search";

/**
 * The header search's text: on the results page it holds the query searched for, so it can be
 * corrected rather than typed again; a new address puts the box to its query (empty off /search).
 * The input stays outside the Suspense boundary of the address's query, so hydrating a
 * prerendered page never swaps it for a new one under someone already typing.
 */
export function SearchInput({ id, className }: { id: string; className: string }) {
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef<string | null>(null);
  const show = useCallback((q: string) => {
    const first = shown.current === null;
    if (q === shown.current) return;
    shown.current = q;
    // The first address only fills the box: what was typed before hydration stays.
    if (input.current && !(first && q === "")) input.current.value = q;
  }, []);
  return (
    <>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        maxLength={100}
        placeholder="Search local farm products..."
        className={className}
      />
      <WithSearch>{(search) => <AddressQuery search={search} onQuery={show} />}</WithSearch>
    </>
  );
}

/** Hands up the query the address searches for, when it changes ("" off /search). */
function AddressQuery({ search, onQuery }: { search: string; onQuery: (q: string) => void }) {
  const pathname = usePathname();
  const q = pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
  useEffect(() => onQuery(q), [q, onQuery]);
  return null;
}
