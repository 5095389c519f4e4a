import "server-only";
import { db } from "@/lib/server/db";

/** Sliding-window counters in the database, so every app instance shares them. */
export async function countHits(key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }> {
  const since = new Date(Date.now() - windowMs);
  const [agg] = await db.$queryRaw<Array<{ count: bigint; oldest: Date | null }>>`
    SELECT count(*)::bigint AS count, min("createdAt") AS oldest FROM "RateLimitHit" WHERE "key" = ${key} AND "createdAt" > ${since}`;
  const oldest = agg?.oldest ? new Date(agg.oldest).getTime() : Date.now();
  return { count: Number(agg?.count ?? 0), retryAfterSeconds: Math.max(1, (oldest + windowMs - Date.now()) / 1000) };
}

export async function recordHit(key: string): Promise<void> {
  await db.rateLimitHit.create({ data: { key } });
}

export async function clearHits(key: string): Promise<void> {
  await db.rateLimitHit.deleteMany({ where: { key } });
}

/** Old rows are useless after the longest window (1 h); called by lib/server/housekeeping.ts. */
export async function pruneHits(olderThanMs = 2 * 60 * 60 * 1000): Promise<void> {
  await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - olderThanMs) } } });
}
