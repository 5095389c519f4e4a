import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import { tooManyRequests } from "@/lib/server/platform/errors";

/**
 * Throttle counters in the database, so every app instance shares them. A key's window opens at
 * its first hit and lasts `windowMs` (the database's clock, in UTC like every Prisma DateTime
 * column); the first hit after that starts a new one.
 *
 * `hit` counts one more attempt and returns the new total in ONE statement (an upsert that takes
 * the row lock): twenty parallel requests get twenty different counts, so a limit of 10 lets
 * exactly 10 through. Reading a count first and recording the attempt afterwards would let them
 * all read the same number. The limits are listed in README.md, "Security".
 */
export type Hit = { count: number; retryAfterSeconds: number };
export type Limit = { max: number; windowMs: number };
/** The client or the transaction a counter is written through (inside a transaction it commits with it). */
type Db = Pick<typeof db, "$queryRaw">;

export async function hit(key: string, windowMs: number, client: Db = db): Promise<Hit> {
  const [row] = await client.$queryRaw<HitRow[]>(hitSql(key, windowMs));
  return toHit(row);
}

export type HitRow = { count: number; retry: number };

/**
 * The statement behind `hit`, to be a part of a larger one: counts one attempt on `key` for each
 * row of `from` (a `FROM … WHERE …` clause; none: always one) and returns `count` and `retry`.
 */
export function hitSql(key: string, windowMs: number, from: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "RateLimitCounter" ("key", "count", "resetAt")
    SELECT ${key}, 1, timezone('UTC', now()) + ${windowMs}::float8 * interval '1 millisecond' ${from}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitCounter"."resetAt" <= timezone('UTC', now()) THEN 1 ELSE "RateLimitCounter"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimitCounter"."resetAt" <= timezone('UTC', now()) THEN EXCLUDED."resetAt" ELSE "RateLimitCounter"."resetAt" END
    RETURNING "count", extract(epoch FROM ("resetAt" - timezone('UTC', now())))::float8 AS retry`;
}

export function toHit(row: HitRow): Hit {
  return {
    count: Number(row.count),
    retryAfterSeconds: Math.max(1, Math.ceil(Math.round(Number(row.retry) * 1000) / 1000)),
  };
}

/**
 * Counts one attempt on `key` and throws 429 (`rate_limited`, with Retry-After) once the window
 * holds more than `limit.max`. The refused attempt stays counted: hammering a closed door does not
 * open it sooner, and the window still ends when it would have. The refusal is logged with `log`
 * (what was limited and the client address — never an email, a username or a password).
 */
export async function consume(
  key: string,
  limit: Limit,
  refusal: Refusal,
  client: Db = db,
): Promise<Hit> {
  return refuseOver(await hit(key, limit.windowMs, client), limit, refusal);
}

export type Refusal = { message: string; log: string };

/** `h` itself, or the 429 (logged) when it is over `limit`. */
export function refuseOver(h: Hit, limit: Limit, refusal: Refusal): Hit {
  if (h.count > limit.max) {
    console.warn(
      `[rate-limit] refused: ${refusal.log} (${h.count} > ${limit.max} per ${Math.round(limit.windowMs / 1000)} s, retry after ${h.retryAfterSeconds} s)`,
    );
    throw tooManyRequests(h.retryAfterSeconds, refusal.message);
  }
  return h;
}

export type Turn = { waitMs: number } | { retryAfterSeconds: number };

/**
 * Slowing down instead of refusing: reserves the next turn on `key`, `spacingMs` after the turn
 * before it, in ONE statement (the row lock orders parallel callers, so each gets its own turn and
 * turns never overlap). The caller waits `waitMs` and then goes ahead. When the queue reaches
 * further than `maxWaitMs` nothing is reserved and the answer is how long until it would not.
 */
export async function takeTurn(
  key: string,
  spacingMs: number,
  maxWaitMs: number,
  client: Db = db,
): Promise<Turn> {
  const [row] = await client.$queryRaw<{ wait: number }[]>`
    INSERT INTO "RateLimitCounter" ("key", "count", "resetAt")
    VALUES (${key}, 1, timezone('UTC', now()) + ${spacingMs}::float8 * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = "RateLimitCounter"."count" + 1,
      "resetAt" = greatest("RateLimitCounter"."resetAt", timezone('UTC', now())) + ${spacingMs}::float8 * interval '1 millisecond'
    WHERE "RateLimitCounter"."resetAt" <= timezone('UTC', now()) + ${maxWaitMs}::float8 * interval '1 millisecond'
    RETURNING extract(epoch FROM ("resetAt" - timezone('UTC', now())))::float8 * 1000 - ${spacingMs}::float8 AS wait`;
  if (row) return { waitMs: Math.max(0, Math.round(Number(row.wait))) };
  const [busy] = await client.$queryRaw<{ retry: number }[]>`
    SELECT extract(epoch FROM ("resetAt" - timezone('UTC', now())))::float8 - ${maxWaitMs / 1000}::float8 AS retry
    FROM "RateLimitCounter" WHERE "key" = ${key}`;
  return { retryAfterSeconds: Math.max(1, Math.ceil(Number(busy?.retry ?? 1))) };
}

/** Gives back one attempt counted by `hit` (a login that turned out to be right). */
export async function release(key: string): Promise<void> {
  await db.$executeRaw`UPDATE "RateLimitCounter" SET "count" = greatest("count" - 1, 0) WHERE "key" = ${key}`;
}

/** Forgets a key (a successful login clears that account's failures from that address). */
export async function reset(key: string): Promise<void> {
  await db.rateLimitCounter.deleteMany({ where: { key } });
}

/** Counters whose window has closed are useless; called by lib/server/platform/housekeeping.ts. */
export async function pruneCounters(now = new Date()): Promise<number> {
  const { count } = await db.rateLimitCounter.deleteMany({ where: { resetAt: { lt: now } } });
  return count;
}
