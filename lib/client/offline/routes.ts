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
    pathname === "/api/my-farm/orders"
  );
}
