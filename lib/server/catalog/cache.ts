import "server-only";
import { databaseUrl, isPostgres } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { hearing, listenOn } from "@/lib/server/platform/notify";

/**
 * Shared catalog reads (categories, featured and popular products, featured farms, search
 * results) cached per instance (docs/operations.md, "Catalog cache"). Every change to products, farms or categories
 * is announced by database triggers on `ff_catalog`, whoever made it; each instance empties its
 * cache when it hears one, and the instance that made the change empties it at once itself
 * (`catalogChanged()`), so a farm's edit shows on its next read. Serves only while this
 * instance's LISTEN connection is up, for at most CATALOG_CACHE_SECONDS; PGlite: no cache.
 */
export const CATALOG_CHANNEL = "ff_catalog";

type State = {
  entries: Map<string, { value: Promise<unknown>; at: number }>;
  epoch: number;
  registered: boolean;
};
const g = globalThis as unknown as { __ffCatalogCache?: State };
const state = (g.__ffCatalogCache ??= { entries: new Map(), epoch: 0, registered: false });

const ttlMs = () => env().CATALOG_CACHE_SECONDS * 1000;
/**
 * At most this many reads are kept: search keys come from what people type, so between two
 * catalog changes they could otherwise grow without bound. The oldest goes first.
 */
export const CATALOG_CACHE_MAX_ENTRIES = 500;

function live(): boolean {
  if (ttlMs() <= 0 || !isPostgres(databaseUrl())) return false;
  if (!state.registered) {
    state.registered = true;
    listenOn(CATALOG_CHANNEL, { onNotice: catalogChanged, onLost: catalogChanged });
  }
  return hearing(CATALOG_CHANNEL);
}

/** `load()` once per key while nothing in the catalog changed (concurrent callers share the read). */
export function cachedCatalogRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!live()) return load();
  const hit = state.entries.get(key);
  if (hit && Date.now() - hit.at <= ttlMs()) return hit.value as Promise<T>;
  const epoch = state.epoch;
  const value = load();
  state.entries.delete(key);
  if (state.entries.size >= CATALOG_CACHE_MAX_ENTRIES)
    state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(key, { value, at: Date.now() });
  value.then(
    () => {
      // A change announced while this read ran may not be in it: do not keep it.
      if (state.epoch !== epoch && state.entries.get(key)?.value === value)
        state.entries.delete(key);
    },
    () => {
      if (state.entries.get(key)?.value === value) state.entries.delete(key);
    },
  );
  return value;
}

/** Something in the catalog changed: drop every cached list of this instance. */
export function catalogChanged(): void {
  state.epoch++;
  state.entries.clear();
}

/** How many reads this instance holds (tests: the bound). */
export function catalogCacheSize(): number {
  return state.entries.size;
}

/** How many times this instance's lists were dropped: lets a test wait until an announcement has reached this instance. */
export function catalogCacheEpoch(): number {
  return state.epoch;
}
