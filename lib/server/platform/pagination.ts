import "server-only";
import { encodeTimeCursor, type Page, type TimeCursor } from "@/lib/validators/page";

/**
 * Keyset pagination helpers (see lib/validators/page.ts). Callers fetch `limit + 1` rows in the
 * list's order; the extra row only says whether a next page exists.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  cursorOf: (row: R) => string,
  serialize: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return {
    items: shown.map(serialize),
    nextCursor: more ? cursorOf(shown[shown.length - 1]) : null,
  };
}

/** `toPage` for a list ordered by (`field`, id): the next cursor names the last row's `field` and id. */
export function toTimePage<F extends string, R extends Record<F, Date> & { id: number }, T>(
  rows: R[],
  limit: number,
  field: F,
  serialize: (row: R) => T,
): Page<T> {
  return toPage(rows, limit, (r) => encodeTimeCursor({ at: r[field], id: r.id }), serialize);
}

/**
 * The rows strictly after `cursor` in a list ordered by (`field`, id), both `desc` or both `asc`.
 * The id breaks ties between equal timestamps, so no row is skipped or shown twice.
 */
export function afterTimeCursor<F extends string>(
  field: F,
  cursor: TimeCursor | undefined,
  direction: "asc" | "desc",
) {
  if (!cursor) return {};
  const op = direction === "desc" ? "lt" : "gt";
  return {
    OR: [{ [field]: { [op]: cursor.at } }, { [field]: cursor.at, id: { [op]: cursor.id } }],
  } as { OR: Record<string, unknown>[] };
}
