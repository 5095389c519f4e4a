/**
 * Every id column is a PostgreSQL `integer` (at most 2^31 - 1). zod's `.int()` accepts any safe
 * integer, so a larger id must be answered as "no such row" here: handed to Prisma it fails with
 * P2020 (value out of range), which would surface as a 500.
 */
export const MAX_DB_INT = 2_147_483_647;

export function isDbId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_DB_INT;
}
