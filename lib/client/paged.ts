import { apiErrorFrom } from "./api";

/** One page of a cursor-paginated /api list: its rows and the URL of the next page (null: last page). */
export type ClientPage<T> = { items: T[]; next: string | null };

/** The `rel="next"` target of a `Link` header (lib/validators/page.ts), or null. */
export function nextFromLink(link: string | null): string | null {
  if (!link) return null;
  return /<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] ?? null;
}

/** `base` with `?cursor=` (or `&cursor=`) for a page whose cursor came with the server render. */
export function withCursor(base: string, cursor: string | null): string | null {
  if (!cursor) return null;
  return `${base}${base.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

export async function fetchPage<T>(url: string): Promise<ClientPage<T>> {
  const res = await fetch(url, { credentials: "include" });
  const text = await res.text();
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, text);
  return { items: JSON.parse(text) as T[], next: nextFromLink(res.headers.get("link")) };
}
