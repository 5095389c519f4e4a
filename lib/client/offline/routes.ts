import { isLocalDate } from "@/lib/local-date";

/**
 * What opens offline after one visit (docs/offline.md): the farm's pages and the reads they make
 * in the browser. Shared by the service worker (app/sw.ts) and the page that asks it to keep them.
 */

/** Farm pages kept for offline: My Farm's Today, the pack list and the orders. */
export function isOfflinePage(pathname: string): boolean {
  return (
    pathname === "/my-farm" || pathname === "/my-farm/pack-list" || pathname === "/my-farm/orders"
  );
}

/** The API reads those pages make in the browser: the session user, the farm, pack list, orders. */
export function isOfflineApi(pathname: string): boolean {
  return (
    pathname === "/api/user" ||
    pathname === "/api/my-farm" ||
    pathname === "/api/my-farm/today" ||
    pathname === "/api/my-farm/pack-list" ||
    pathname === "/api/my-farm/orders" ||
    pathname === "/api/my-farm/sales"
  );
}

/**
 * What an offline page at `pathname` + `search` reads from /api, spelled as its screen asks
 * (lib/client/resources.ts), so that it is kept with the page on the first visit, before the
 * service worker controls the page and sees the page's own requests.
 */
export function offlineReadsOf(pathname: string, search: string): string[] {
  if (pathname === "/my-farm") return ["/api/my-farm/today"];
  if (pathname === "/my-farm/orders") return ["/api/my-farm/orders", "/api/my-farm/sales"];
  if (pathname === "/my-farm/pack-list") {
    const date = new URLSearchParams(search).get("date");
    return [`/api/my-farm/pack-list${date && isLocalDate(date) ? `?date=${date}` : ""}`];
  }
  return [];
}
