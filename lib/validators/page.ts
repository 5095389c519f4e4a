import { z } from "zod";
import { isDbId } from "./id";

/**
 * Cursor pagination for the lists that grow with use (ledger, orders, a farm's orders, the chat
 * list). The answer stays a JSON array; when more rows follow, the response carries
 * `Link: <same URL with ?cursor=…>; rel="next"` (RFC 8288). A cursor is opaque to clients: it
 * names the last row of the page by its sort key, so rows written meanwhile never shift a page
 * (no duplicates, no gaps, even between rows with equal timestamps). See docs/http-contract.md.
 */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const BAD_CURSOR = "cursor is not valid; use the URL from the Link header";

export const pageLimit = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
  .default(PAGE_SIZE);

/** The sort key of a row in a list ordered by time, then id (both in the same direction). */
export type TimeCursor = { at: Date; id: number };

const TIME_CURSOR = /^(\d{1,15})\.([1-9]\d{0,9})$/;
/** 9999-12-31T23:59:59.999Z: a later time has a six-digit year, which no database column takes. */
const LAST_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function encodeTimeCursor(c: TimeCursor): string {
  return `${c.at.getTime()}.${c.id}`;
}

export function decodeTimeCursor(raw: string): TimeCursor | null {
  const m = TIME_CURSOR.exec(raw);
  if (!m) return null;
  const ms = Number(m[1]);
  const id = Number(m[2]);
  if (ms > LAST_CURSOR_MS || !isDbId(id)) return null;
  const at = new Date(ms);
  return { at, id };
}

/** `?cursor=` of a list ordered by (time, id). */
export const timeCursorParam = z
  .string()
  .transform((raw, ctx) => {
    const c = decodeTimeCursor(raw);
    if (!c) {
      ctx.addIssue({ code: "custom", message: BAD_CURSOR });
      return z.NEVER;
    }
    return c;
  })
  .optional();

/** `?cursor=` of a list ordered by a row id (the chat list: its latest message's id). */
export const idCursorParam = z
  .string()
  .transform((raw, ctx) => {
    const n = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!isDbId(n)) {
      ctx.addIssue({ code: "custom", message: BAD_CURSOR });
      return z.NEVER;
    }
    return n;
  })
  .optional();

/** A page as domain functions return it: the rows and the cursor of the next page (null: last page). */
export type Page<T> = { items: T[]; nextCursor: string | null };
