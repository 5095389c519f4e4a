import "server-only";
import type { Page } from "@/lib/validators/page";

/**
 * Answers a page as the contract says: the rows as a JSON array, and when more follow a
 * `Link: <…?cursor=…>; rel="next"` header built from the request's own URL (its other query
 * parameters, e.g. `status` and `limit`, are kept).
 */
export function pageAnswer<T>(req: Request, headers: Headers, page: Page<T>): T[] {
  if (page.nextCursor) {
    const url = new URL(req.url);
    url.searchParams.set("cursor", page.nextCursor);
    headers.set("link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page.items;
}
