import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/server/platform/db";
import { AppError, badRequest } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";

/** The work's value, and whether it is the stored answer of an earlier request with the same key. */
export type IdempotentResult<T> = { value: T; replayed: boolean };

const MAX_KEY_LENGTH = 200;
// Printable ASCII only: keys are opaque tokens (UUIDs in our client), never free text.
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The `Idempotency-Key` header, validated (undefined when absent). */
export function idempotencyKeyFrom(req: Request): string | undefined {
  const raw = req.headers.get("idempotency-key");
  if (raw === null) return undefined;
  const key = raw.trim();
  if (!key || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} printable characters`);
  }
  return key;
}

/** Key order must not change the fingerprint: {a,b} and {b,a} are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(body: unknown): string {
  return crypto.createHash("sha256").update(canonical(body)).digest("hex");
}

/**
 * Runs `fn` exactly once per (user, scope, key) and replays its first answer afterwards.
 *
 * The key row is inserted in the SAME database transaction as the work, before it. A concurrent
 * duplicate's INSERT … ON CONFLICT DO NOTHING blocks on the unique index until the first
 * transaction ends: if it committed, the duplicate reads the stored answer and replays it; if it
 * rolled back (the work failed), the duplicate inserts the key and runs the work itself. So two
 * requests with one key can never both execute, and no "in progress" state can be left behind by
 * a crashed process.
 *
 * Only successful answers are stored: a refused request (insufficient balance, out of stock)
 * writes nothing, so retrying the same key after a top-up can succeed. Without a key the work
 * simply runs in a transaction.
 */
export async function withIdempotency<T>(
  userId: number,
  scope: string,
  key: string | undefined,
  requestBody: unknown,
  fn: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (!key) return inTransaction(async (tx) => ({ value: await fn(tx), replayed: false }));
  const hash = requestHash(requestBody);

  return inTransaction(async (tx) => {
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "IdempotencyKey" ("userId", "scope", "key", "requestHash")
      VALUES (${userId}, ${scope}, ${key}, ${hash})
      ON CONFLICT ("userId", "scope", "key") DO NOTHING
      RETURNING "id"`;

    if (inserted.length === 0) {
      const stored = await storedAnswer<T>(tx, userId, scope, key, hash);
      if (!stored)
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request",
        );
      return stored;
    }

    const result = await fn(tx);
    // Store exactly what the client receives (Dates as ISO strings), so a replay is byte-identical.
    const text = JSON.stringify(result);
    await tx.$executeRaw`UPDATE "IdempotencyKey" SET "responseBody" = ${text}::jsonb WHERE "id" = ${inserted[0].id}`;
    return { value: JSON.parse(text) as T, replayed: false };
  });
}

/**
 * The stored answer for a key that was used (`replayed: true`), null when there is no row; 409
 * when the row belongs to a different request body.
 */
export async function storedAnswer<T>(
  client: Pick<Tx, "idempotencyKey">,
  userId: number,
  scope: string,
  key: string,
  hash: string,
): Promise<IdempotentResult<T> | null> {
  const stored = await client.idempotencyKey.findUnique({
    where: { userId_scope_key: { userId, scope, key } },
  });
  if (!stored) return null;
  if (stored.requestHash !== hash) {
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request",
    );
  }
  if (stored.responseBody === null) {
    // Unreachable: every writer stores the answer in the same transaction as the key; kept so a
    // hand-edited row can never be replayed as an empty success.
    throw new AppError("conflict", "A request with this Idempotency-Key is still being processed");
  }
  return { value: stored.responseBody as T, replayed: true };
}

/**
 * Keys are kept 24 hours (as payment APIs do); a retry after that runs again. Called hourly by
 * lib/server/platform/housekeeping.ts.
 */
export async function purgeIdempotencyKeys(olderThanMs = 24 * 3600_000): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(Date.now() - olderThanMs) } },
  });
  return count;
}
