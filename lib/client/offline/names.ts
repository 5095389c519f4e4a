/**
 * The farm app's offline storage (docs/offline.md): what the service worker keeps (Cache Storage)
 * and what the phone still has to send (IndexedDB). One user's data only: sign-out deletes all of
 * it (`forgetOfflineData`).
 */
export const FARM_PAGES_CACHE = "ff-farm-pages";
export const FARM_API_CACHE = "ff-farm-api";
export const STATIC_CACHE = "ff-static";
/** The caches that hold a signed-in user's pages and answers. */
export const USER_CACHES = [FARM_PAGES_CACHE, FARM_API_CACHE] as const;
export const QUEUE_DB = "ff-offline-queue";
/** The service worker's URL; its scope is the whole site. */
export const SW_URL = "/serwist/sw.js";
