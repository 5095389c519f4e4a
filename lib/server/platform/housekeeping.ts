import "server-only";
import { db } from "@/lib/server/platform/db";
import { purgeIdempotencyKeys } from "@/lib/server/platform/idempotency";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { pruneCounters } from "@/lib/server/platform/rate-limit";

/**
 * Rows that only matter for a while: idempotency keys (kept 24 h), rate-limit counters whose
 * window has closed, sessions past their absolute lifetime and expired one-time sign-in links.
 * Each delete is bounded by an index on its time column; running it twice, or on several app
 * instances at once, is harmless.
 */
export async function housekeep(
  now = new Date(),
): Promise<{ idempotencyKeys: number; sessions: number; loginTokens: number }> {
  const [idempotencyKeys, sessions, loginTokens] = await Promise.all([
    purgeIdempotencyKeys(),
    db.session.deleteMany({ where: { expiresAt: { lt: now } } }).then((r) => r.count),
    db.loginToken.deleteMany({ where: { expiresAt: { lt: now } } }).then((r) => r.count),
    pruneCounters(now),
    // Account links (docs/accounts.md) a day past their expiry, used or not.
    db.accountToken.deleteMany({
      where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } },
    }),
    // Passkey challenges and half-done two-step sign-ins (minutes long).
    db.authChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
  return { idempotencyKeys, sessions, loginTokens };
}

/** Runs housekeep() a minute after start and then hourly (see startLoop). */
export function startHousekeeping(intervalMs = 3600_000): Loop {
  const log = (message: string) => console.warn(`[housekeeping] ${message}`);
  return startLoop(
    async () => {
      const r = await housekeep();
      if (r.idempotencyKeys + r.sessions + r.loginTokens > 0)
        console.info("[housekeeping] removed", r);
    },
    { firstMs: 60_000, intervalMs, log },
  );
}
