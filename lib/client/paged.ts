import type { Page } from "@/lib/validators/page";
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

/** One page and the answer's headers (the `Link`, a first page's `X-Total-Count`). */
async function readPage<T>(url: string): Promise<ClientPage<T> & { headers: Headers }> {
  const res = await fetch(url, { credentials: "include" });
  const text = await res.text();
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, text);
  return {
    items: JSON.parse(text) as T[],
    next: nextFromLink(res.headers.get("link")),
    headers: res.headers,
  };
}

export async function fetchPage<T>(url: string): Promise<ClientPage<T>> {
  const { items, next } = await readPage<T>(url);
  return { items, next };
}

/**
 * A list's first page as the server renders it for a seed (`usePaged`): its rows, the next page's
 * cursor and the `X-Total-Count` the list answers with its first page (else the rows' count).
 */
export async function fetchFirstPage<T>(url: string): Promise<Page<T> & { total: number }> {
  const { items, next, headers } = await readPage<T>(url);
  const nextCursor = next ? new URL(next, "http://x").searchParams.get("cursor") : null;
  return { items, nextCursor, total: Number(headers.get("x-total-count") ?? items.length) };
}

/**
 * A list's SWR keys: `[url, version]`, where `url` is the API URL of one page (the first page's
 * own, then each page's `next`) and `version` names the server render that seeded the list (0:
 * none). A fresh server render starts a fresh chain of keys, so a page cached under an older
 * render (a row completed or cancelled since) is never shown again as if it were current.
 */
export type PageKey = readonly [url: string, version: number];

export function pageKeys(firstUrl: string | null, version: number) {
  return (index: number, previous: ClientPage<unknown> | null): PageKey | null => {
    if (!firstUrl) return null;
    if (index === 0) return [firstUrl, version];
    return previous?.next ? [previous.next, version] : null;
  };
}

const versions = new WeakMap<object, number>();
let lastVersion = 0;

/**
 * The version of a server-rendered page: one number per props object, the same on every mount
 * with those props (a tab shown again keeps what it loaded since), a new one when the server
 * renders again (`router.refresh()`, a navigation).
 */
export function seedVersion(serverPage: object | null | undefined): number {
  if (!serverPage) return 0;
  let v = versions.get(serverPage);
  if (v === undefined) {
    v = ++lastVersion;
    versions.set(serverPage, v);
  }
  return v;
}

/** The pages loaded so far as one list: their rows in order, less the ones `keep` turns away, and the last page's `next`. */
export function joinPages<T>(
  pages: readonly ClientPage<T>[] | undefined,
  keep: readonly ((item: T) => boolean)[] = [],
): ClientPage<T> | null {
  if (!pages || pages.length === 0) return null;
  const items = pages.flatMap((p) => p.items).filter((item) => keep.every((k) => k(item)));
  return { items, next: pages[pages.length - 1].next };
}
