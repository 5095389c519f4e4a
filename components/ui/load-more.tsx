"use client";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/use-toast";
import type { PagedList } from "@/lib/client/use-paged";
import { Button } from "./button";

/**
 * "Load more" under a cursor-paginated list (`usePaged`): the button while more rows follow, a
 * status line for screen readers, and a toast when the next page could not be loaded.
 */
export function LoadMoreButton({
  list,
  label,
}: {
  list: Pick<PagedList<unknown>, "page" | "loading" | "loadMore">;
  /** The plural noun ("orders"); one item reads in the singular. */
  label: string;
}) {
  const { page, loading } = list;
  const count = page?.items.length ?? 0;
  const noun = count === 1 ? label.replace(/s$/, "") : label;
  const more = async () => {
    if (!(await list.loadMore()))
      toast({
        title: "Could not load more",
        description: "Please try again.",
        variant: "destructive",
      });
  };
  return (
    <div className="flex flex-col items-center gap-1">
      <p role="status" className="sr-only">
        {loading ? `Loading more ${label}` : `Showing ${count} ${noun}`}
      </p>
      {page?.next ? (
        <Button
          variant="outline"
          onClick={more}
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          data-testid="load-more"
        >
          {loading ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {loading ? "Loading..." : `Load more ${label}`}
        </Button>
      ) : null}
    </div>
  );
}
