"use client";
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { unstable_serialize, useSWRConfig } from "swr";
import useSWRInfinite from "swr/infinite";
import type { Page } from "@/lib/validators/page";
import {
  fetchPage,
  joinPages,
  pageKeys,
  seedVersion,
  withCursor,
  type ClientPage,
  type PageKey,
} from "./paged";

export type PagedList<T> = {
  /** What is shown: every row loaded so far and the next page's URL; null until the first page is in. */
  page: ClientPage<T> | null;
  status: "loading" | "failed" | "ready";
  /** A "Load more" in flight. */
  loading: boolean;
  /** Appends the next page; false when it failed (the list stays as it was). */
  loadMore: () => Promise<boolean>;
  /** Fetches every page shown again, chained by cursor from the first. */
  refresh: () => Promise<void>;
  /** Hides the rows `keep` turns away, until the server renders the list again. */
  remove: (keep: (item: T) => boolean) => void;
  /** How many `remove` calls the rows shown reflect (a count the server sent can subtract them). */
  removed: number;
};

/**
 * A cursor-paginated /api list through SWR (`useSWRInfinite`, docs/architecture.md "Client
 * data"): page 0 is `firstUrl`, each next page the `Link: rel="next"` URL of the one before.
 *
 * Seeded with the server's first page (`serverPage`) it shows that page without a request, and a
 * new server render (fresh props after `router.refresh()`) starts a fresh list from it; without one
 * (undefined, or null when the server could not load it) every mount fetches the pages it shows.
 * After a "Load more", focus moves to the first new row (in `listRef`) so keyboard and
 * screen-reader users continue where the new rows start.
 */
export function usePaged<T>(
  firstUrl: string | null,
  serverPage: Page<T> | null | undefined,
  listRef: RefObject<HTMLElement | null>,
  { onError }: { onError?: (error: unknown) => void } = {},
): PagedList<T> {
  const version = seedVersion(serverPage);
  const seed = useMemo<ClientPage<T> | undefined>(
    () =>
      serverPage && firstUrl
        ? { items: serverPage.items, next: withCursor(firstUrl, serverPage.nextCursor) }
        : undefined,
    [serverPage, firstUrl],
  );
  const getKey = useMemo(() => pageKeys(firstUrl, version), [firstUrl, version]);
  // A "Load more" waiting for its page: settled by SWR's onSuccess/onError (the promise `setSize`
  // returns resolves before the page is fetched).
  const pending = useRef<{ want: number; rows: number; done: (ok: boolean) => void } | null>(null);
  const focusIndex = useRef<number | null>(null);
  const [loading, setLoading] = useState(false);
  const settle = (ok: boolean, pages?: ClientPage<T>[]) => {
    const p = pending.current;
    if (!p) return false;
    pending.current = null;
    // The effect below moves focus once the new rows are rendered; none came: nothing to focus.
    if (!ok || (joinPages(pages)?.items.length ?? 0) <= p.rows) focusIndex.current = null;
    setLoading(false);
    p.done(ok);
    return true;
  };
  const { data, error, isValidating, setSize, mutate } = useSWRInfinite<ClientPage<T>>(
    getKey,
    ([url]: PageKey) => fetchPage<T>(url),
    {
      fallbackData: seed && [seed],
      revalidateOnMount: !seed,
      // "Load more" fetches the new page only.
      revalidateFirstPage: false,
      onSuccess: (pages: ClientPage<T>[]) => {
        if (pending.current && pages.length >= pending.current.want) settle(true, pages);
      },
      // A failed "Load more" is the button's to report.
      onError: (e: unknown) => {
        if (!settle(false)) onError?.(e);
      },
    },
  );

  // The seed goes into the cache once per server render, so that "Load more" chains from it
  // without fetching it again; a later mount with the same props keeps what was loaded since.
  const { cache, mutate: mutateKey } = useSWRConfig();
  useEffect(() => {
    const first = getKey(0, null);
    if (!seed || !first || cache.get(unstable_serialize(first))?.data !== undefined) return;
    void mutateKey(first, seed, { revalidate: false });
    void mutate([seed], { revalidate: false });
  }, [seed, getKey, cache, mutateKey, mutate]);

  const [edits, setEdits] = useState<{ version: number; keep: ((item: T) => boolean)[] }>({
    version,
    keep: [],
  });
  const keep = useMemo(() => (edits.version === version ? edits.keep : []), [edits, version]);
  const remove = useCallback(
    (k: (item: T) => boolean) =>
      setEdits((e) => ({ version, keep: [...(e.version === version ? e.keep : []), k] })),
    [version],
  );
  const page = useMemo(() => joinPages(data, keep), [data, keep]);

  useEffect(() => {
    const i = focusIndex.current;
    if (i === null || !page || page.items.length <= i) return;
    focusIndex.current = null;
    const row = listRef.current?.children[i] as HTMLElement | undefined;
    if (!row) return;
    if (!row.hasAttribute("tabindex")) row.setAttribute("tabindex", "-1");
    row.focus();
  }, [page, listRef]);

  const loadMore = useCallback(() => {
    if (!data || !page?.next || pending.current) return Promise.resolve(true);
    const want = data.length + 1;
    focusIndex.current = page.items.length;
    setLoading(true);
    const done = new Promise<boolean>((resolve) => {
      pending.current = { want, rows: joinPages(data)?.items.length ?? 0, done: resolve };
    });
    void setSize(want);
    return done;
  }, [data, page, setSize]);

  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const status = page ? "ready" : error !== undefined && !isValidating ? "failed" : "loading";
  return { page, status, loading, loadMore, refresh, remove, removed: keep.length };
}
