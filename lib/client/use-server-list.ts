"use client";
import { useState } from "react";

type Edits<T> = {
  base: readonly T[];
  replaced: ReadonlyMap<number, T>;
  removed: ReadonlySet<number>;
};

/**
 * A list rendered on the server, with this screen's own changes shown at once on top of it.
 *
 * The server's props stay the source of truth: an action records its result here (`replace`,
 * `remove`) and calls `router.refresh()`; when the fresh props arrive (a new array), the local
 * changes are dropped and the page shows exactly what the server sent — including what changed
 * elsewhere in the meantime. Copying props into state instead would freeze the first render.
 */
export function useServerList<T extends { id: number }>(items: readonly T[]) {
  const [edits, setEdits] = useState<Edits<T>>(() => ({
    base: items,
    replaced: new Map(),
    removed: new Set(),
  }));
  const current =
    edits.base === items
      ? edits
      : { base: items, replaced: new Map<number, T>(), removed: new Set<number>() };
  const shown = items
    .filter((x) => !current.removed.has(x.id))
    .map((x) => current.replaced.get(x.id) ?? x);

  return {
    items: shown,
    replace(item: T) {
      setEdits((e) => {
        const base = e.base === items ? e : { ...current };
        return { ...base, base: items, replaced: new Map(base.replaced).set(item.id, item) };
      });
    },
    remove(id: number) {
      setEdits((e) => {
        const base = e.base === items ? e : { ...current };
        return { ...base, base: items, removed: new Set(base.removed).add(id) };
      });
    },
  };
}
