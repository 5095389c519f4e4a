/**
 * The signed-in app's pages: a visitor without a session goes to /auth?next=… from any of them.
 * Shared by proxy.ts (no session cookie at all) and the browser's AuthProvider (a cookie whose
 * session has ended: /api/user answers 401), so both guard the same pages. Each entry covers the
 * page and everything below it, except /home: below it are the See All lists, which check the
 * session as they render, and any other /home/… is the 404 page for everyone.
 */
export const PROTECTED_PATHS = [
  "/home",
  "/messages",
  "/orders",
  "/standing-orders",
  "/shares",
  "/invoices",
  "/wallet",
  "/profile",
  "/checkout",
  "/my-farm",
  "/my-hub",
] as const;

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some(
    (p) => pathname === p || (p !== "/home" && pathname.startsWith(p + "/")),
  );
}

/**
 * The ops console's pages (docs/operations.md): prerendered shells that proxy.ts serves to staff
 * alone; to anyone else, signed in or not, they are the 404 page.
 */
export const STAFF_PATH = "/ops";

export function isStaffPath(pathname: string): boolean {
  return pathname === STAFF_PATH || pathname.startsWith(STAFF_PATH + "/");
}

/** Where a signed-out visitor of `pathname` is sent: the sign-in page, coming back afterwards. */
export function signInPath(pathname: string): string {
  return `/auth?next=${encodeURIComponent(pathname)}`;
}
