"use client";
import { useEffect, useState } from "react";
import useSWR, { SWRConfig, useSWRConfig, type SWRConfiguration } from "swr";
import { apiFetch } from "./api";

/**
 * Client data for the signed-in app (docs/architecture.md, "Client data"): what a screen reads
 * from /api after the first paint goes through SWR, keyed by the API path and fetched with
 * `apiFetch`. No refetch on focus or reconnect, no polling, no retries: a screen's data changes
 * when the screen itself writes (then it `mutate`s the keys it affected) or when the message
 * stream says something happened (its listeners `mutate`).
 */
export const swrConfig = {
  fetcher: (path: string) => apiFetch(path),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  // Two components asking for the same key in the same moment share one request.
  dedupingInterval: 2_000,
  // A fresh cache for each mount of the signed-in app: nothing one account read survives a
  // sign-out into the next account's screens.
  provider: () => new Map(),
} satisfies SWRConfiguration;

export function DataProvider({ children }: { children: React.ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}

/**
 * `useSWR(key)` seeded with what the server rendered. The page's props are the newest data the
 * screen has when it mounts, so they win over anything an earlier visit left in the cache (no
 * flash of an old value after a client navigation), and they are written into the cache so every
 * later `mutate(key)` starts from them. Without server data the key is fetched on mount.
 */
export function useSeededSWR<T>(key: string | null, serverData: T | null | undefined) {
  const { cache } = useSWRConfig();
  const seed = serverData ?? undefined;
  const [cachedBefore] = useState(() => (key ? cache.get(key)?.data : undefined));
  const res = useSWR<T>(key, { fallbackData: seed, revalidateOnMount: seed === undefined });
  const { mutate } = res;
  useEffect(() => {
    if (key && seed !== undefined) void mutate(seed, { revalidate: false });
  }, [key, seed, mutate]);
  const data =
    seed !== undefined && (res.data === undefined || res.data === cachedBefore) ? seed : res.data;
  return { data, error: res.error as unknown, mutate };
}
