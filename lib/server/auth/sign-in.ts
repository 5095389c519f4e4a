import "server-only";
import { env } from "@/lib/server/platform/env";
import { consume, release } from "@/lib/server/platform/rate-limit";
import type { SessionUser } from "./session";

/**
 * What every way of signing in shares (docs/accounts.md): the request it came with, what a
 * finished sign-in answers, and the password budgets a password or a two-step code draws on.
 * Below ./accounts.ts and ./two-step.ts, so neither imports the other for these.
 */
export type RequestMeta = { ip: string; userAgent?: string | null; secure: boolean };
export type SignedIn = {
  user: SessionUser;
  cookie: { name: string; value: string; expiresAt: Date };
};

/**
 * Takes a password attempt from this address's budget and from `accountKey`'s (the account's, from
 * this address): 429 with `message` when either is spent. Returns the address's key, to release
 * or reset once the password is checked.
 */
export async function consumePasswordBudgets(
  meta: RequestMeta,
  accountKey: string,
  message: string,
  accountLog: string,
): Promise<string> {
  const e = env();
  const window = { windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 };
  const ipKey = `login-ip:${meta.ip}`;
  await consume(
    ipKey,
    { ...window, max: e.LOGIN_MAX_FAILURES_PER_IP },
    { message, log: `login failures from ip=${meta.ip}` },
  );
  try {
    await consume(
      accountKey,
      { ...window, max: e.LOGIN_MAX_FAILURES },
      { message, log: accountLog },
    );
  } catch (refused) {
    // Refused before any check: not a failure of this address.
    await release(ipKey);
    throw refused;
  }
  return ipKey;
}
