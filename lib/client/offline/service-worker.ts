"use client";
import { QUEUE_DB, SW_URL, USER_CACHES } from "./names";
import { isOfflineApi, isOfflinePage, offlineReadsOf } from "./routes";

/**
 * The site's one service worker (app/sw.ts: offline pages and push), registered for the whole
 * site. Registering it again is a no-op; a registration of an older script URL at the same scope
 * is updated to this one, so push subscriptions made with it are kept.
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

const asked = new Set<string>();

/**
 * Asks the worker to keep this page for offline, with the reads it made and the scripts it loaded
 * before the worker controlled it (a first visit, a page opened by a client-side navigation).
 * Resolves when they are kept.
 */
export async function keepThisPageOffline(reads: string[] = []): Promise<void> {
  if (!navigator.onLine || !isOfflinePage(location.pathname)) return;
  const reg = await navigator.serviceWorker.ready;
  const worker = reg.active;
  if (!worker) return;
  const scripts = performance
    .getEntriesByType("resource")
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/_next/static/`) && !asked.has(u));
  scripts.forEach((u) => asked.add(u));
  const urls = [
    location.pathname + location.search,
    ...[...reads, ...offlineReadsOf(location.pathname, location.search)].filter((r) =>
      isOfflineApi(new URL(r, location.origin).pathname),
    ),
    ...scripts,
  ];
  const channel = new MessageChannel();
  const done = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: urls } }, [channel.port2]);
  await done;
}

/**
 * Sign-out (and a different user on this browser): the pages and answers kept for offline and
 * the actions waiting to be sent are deleted, so the next user of this browser sees none of them.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches !== "undefined") await Promise.all(USER_CACHES.map((c) => caches.delete(c)));
  if (typeof indexedDB !== "undefined")
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(QUEUE_DB);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
}
