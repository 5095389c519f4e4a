/// <reference lib="webworker" />
// Fieldfare's one service worker (docs/offline.md): the farm app's offline pages and the push
// notifications (docs/notifications.md, "Push"). Bundled by Serwist through app/serwist/[path]
// and served as /serwist/sw.js, registered for the whole site ("/") from the farm pages and from
// Profile → Notification, so push and offline are one registration.
import {
  CacheFirst,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import { FARM_API_CACHE, FARM_PAGES_CACHE, STATIC_CACHE } from "@/lib/client/offline/names";
import { isOfflineApi, isOfflinePage } from "@/lib/client/offline/routes";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/**
 * Only a whole page or answer of this user is kept: never a redirect (the sign-in page under a
 * farm page's URL) nor an error.
 */
const onlyOk: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type !== "opaqueredirect" && !response.redirected
      ? response
      : null,
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      // The farm's pages (Today, pack list, orders): the network's answer whenever there is one
      // (no timeout: a slow answer is still fresher than the copy), else the last one kept. RSC
      // requests are left to the network: offline, Next then loads the page itself, from here.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && !request.headers.has("RSC") && isOfflinePage(url.pathname),
      method: "GET",
      handler: new NetworkFirst({
        cacheName: FARM_PAGES_CACHE,
        matchOptions: { ignoreVary: true },
        plugins: [onlyOk],
      }),
    },
    {
      // What those pages read in the browser: the session user, the farm, the pack list, orders.
      matcher: ({ url, sameOrigin }) => sameOrigin && isOfflineApi(url.pathname),
      method: "GET",
      handler: new NetworkFirst({
        cacheName: FARM_API_CACHE,
        matchOptions: { ignoreVary: true },
        plugins: [onlyOk],
      }),
    },
    {
      // Built files never change under one name; fonts and icons change name when they change.
      matcher: ({ url, sameOrigin }) =>
        sameOrigin &&
        (url.pathname.startsWith("/_next/static/") ||
          url.pathname.startsWith("/fonts/") ||
          url.pathname.startsWith("/app-icons/") ||
          url.pathname === "/icons.svg"),
      method: "GET",
      handler: new CacheFirst({ cacheName: STATIC_CACHE, plugins: [onlyOk] }),
    },
    {
      // Any other page goes to the network as without a worker; offline it shows /offline.
      matcher: ({ request }) => request.mode === "navigate",
      method: "GET",
      handler: new NetworkOnly(),
    },
  ],
  fallbacks: {
    entries: [{ url: "/offline", matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();

// Push: the server sends {title, body, url, tag} as the encrypted payload; a tap opens `url` in a
// Fieldfare tab (an open one if there is one).
self.addEventListener("push", (event) => {
  let data: Record<string, unknown> = {};
  try {
    data = event.data ? (event.data.json() as Record<string, unknown>) : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Fieldfare";
  const tag = typeof data.tag === "string" ? data.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag,
      // The same tag again (a retry, a newer message) replaces the notification and rings again.
      renotify: tag !== undefined,
      icon: "/app-icons/icon-192.png",
      data: { url: typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/" },
    } as NotificationOptions),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url ?? "/";
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() works only in a tab this worker controls; otherwise a new tab opens.
      if (open)
        return open
          .focus()
          .then(() => open.navigate(url))
          .catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
