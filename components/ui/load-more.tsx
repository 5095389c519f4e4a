"use client";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/use-toast";
import { fetchPage, type ClientPage } from "@/lib/client/paged";
import { Button } from "./button";

/**
 * A list paginated by cursor on the client: the first page comes with the server render, "Load
 * more" appends the next. After a load, focus moves to the first new row (the button may be gone
 * on the last page) so keyboard and screen-reader users continue where the new rows start.
 *
 * The server's first page stays the source of truth (as in lib/client/use-server-list.ts): when
 * fresh props arrive (a new `initial` object, e.g. after `router.refresh()`), pages loaded since
 * and local removals are dropped and the list shows what the server sent. Callers pass a stable
 * `initial` (memoized on the props). `reset` replaces the list with a fresh first page.
 */
export function usePagedList<T>(initial: ClientPage<T> | null, listRef: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ base: ClientPage<T> | null; page: ClientPage<T> | null; removed: number }>(() => ({ base: initial, page: initial, removed: 0 }));
  const current = state.base === initial ? state : { base: initial, page: initial, removed: 0 };
  const page = current.page;
  const [loading, setLoading] = useState(false);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const i = focusIndex.current;
    if (i === null) return;
    focusIndex.current = null;
    const row = listRef.current?.children[i] as HTMLElement | undefined;
    if (!row) return;
    if (!row.hasAttribute("tabindex")) row.setAttribute("tabindex", "-1");
    row.focus();
  }, [page, listRef]);

  const setPage = useCallback(
    (update: (p: ClientPage<T> | null) => ClientPage<T> | null, removed = 0) =>
      setState((s) => {
        const base = s.base === initial ? s : { base: initial, page: initial, removed: 0 };
        return { base: initial, page: update(base.page), removed: base.removed + removed };
      }),
    [initial],
  );

  const loadMore = useCallback(async () => {
    if (!page?.next || loading) return;
    setLoading(true);
    try {
      const more = await fetchPage<T>(page.next);
      focusIndex.current = more.items.length > 0 ? page.items.length : null;
      setPage((p) => p && { items: [...p.items, ...more.items], next: more.next });
    } catch {
      toast({ title: "Could not load more", description: "Please try again.", variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }, [page, loading, setPage]);

  /** Replaces the list with the first page at `url`; false (and no list) when that failed. */
  const reset = useCallback(
    async (url: string) => {
      try {
        const fresh = await fetchPage<T>(url);
        setPage(() => fresh);
        return true;
      } catch {
        setPage(() => null);
        return false;
      }
    },
    [setPage],
  );

  /** Takes one row out of the list shown (until the server's next render). */
  const remove = useCallback((keep: (item: T) => boolean) => setPage((p) => p && { ...p, items: p.items.filter(keep) }, 1), [setPage]);

  /** Shows `fresh` instead (a live refresh that already fetched its page). */
  const replace = useCallback((fresh: ClientPage<T>) => setPage(() => fresh), [setPage]);

  return { page, loadMore, loading, reset, replace, remove, removed: current.removed };
}

export function LoadMoreButton({ hasMore, loading, onClick, label, shown }: { hasMore: boolean; loading: boolean; onClick: () => void; label: string; shown: number }) {
  return (
    <div className="flex flex-col items-center gap-1">
      <p role="status" className="sr-only">
        {loading ? `Loading more ${label}` : `Showing ${shown} ${label}`}
      </p>
      {hasMore ? (
        <Button variant="outline" onClick={onClick} aria-disabled={loading || undefined} aria-busy={loading || undefined} data-testid="load-more">
          {loading ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {loading ? "Loading..." : `Load more ${label}`}
        </Button>
      ) : null}
    </div>
  );
}
