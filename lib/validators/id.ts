import { z } from "zod";

/**
 * Ids: every id column is a PostgreSQL `integer` (at most 2^31 - 1). zod's `.int()` accepts any
 * safe integer, so a larger id must be answered as "no such row" here: handed to Prisma it fails
 * with P2020 (value out of range), which would surface as a 500.
 */
export const MAX_DB_INT = 2_147_483_647;

export function isDbId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_DB_INT;
}

const CANONICAL = /^[1-9]\d{0,9}$/;

/** Canonical decimal digits within the id range ("012", "1e3", " 1", "١٢" are not ids), or null. */
export function parseIdParam(raw: unknown): number | null {
  if (typeof raw !== "string" || !CANONICAL.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_DB_INT ? n : null;
}

/**
 * THE parser of ids in paths (`/api/orders/12`, `/messages/12`). An id that names no row is a 404
 * ("{what} not found"), whether unknown or malformed; the issue carries that code for route().
 * `malformed` keeps a 400 with its own message for a value that is not an id at all, where the
 * API has always said so (the conversation's `userId`).
 */
export function idParam(what: string, opts: { malformed?: string } = {}) {
  const missing = `${what} not found`;
  return z
    .string()
    .transform((raw, ctx) => {
      const id = parseIdParam(raw);
      if (id !== null) return id;
      if (opts.malformed && !/^\d+$/.test(raw))
        ctx.addIssue({ code: "custom", message: opts.malformed, params: { code: "validation" } });
      else ctx.addIssue({ code: "custom", message: missing, params: { code: "not_found" } });
      return z.NEVER;
    })
    .meta({ description: `${what} id`, pattern: CANONICAL.source });
}
