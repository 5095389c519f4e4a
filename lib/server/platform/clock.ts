import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { cookies } from "next/headers";
import { readCookie } from "./cookie";
import { env } from "./env";
import { signatureMatches } from "./signature";

/**
 * The business's one clock (docs/architecture.md, "One clock"): slots, cutoffs, the pack list's
 * today and handovers read `now()`. It is the real time, except on a server started with
 * TEST_CLOCK=on (scripts/e2e-server.ts only), where a browser context may carry a signed
 * `ff_test_clock` cookie that moves its own requests' clock by an offset. Without the flag the
 * cookie is never read.
 */
export const TEST_CLOCK_COOKIE = "ff_test_clock";

/** mac = HMAC-SHA256(AUTH_SECRET, "test-clock:" + offset), base64url; the cookie is "offset.mac". */
/** The offset in ms a cookie value asks for: 0 without the flag, or for anything unsigned or malformed. */
export function testClockOffset(value: string | undefined): number {
  if (env().TEST_CLOCK !== "on" || !value) return 0;
  const m = /^(-?\d{1,13})\.([\w-]{43})$/.exec(value);
  if (!m) return 0;
  return signatureMatches("test-clock", m[1], m[2]) ? Number(m[1]) : 0;
}

const requestOffset = new AsyncLocalStorage<number>();

/** Runs an /api handler on its request's clock (lib/server/http/route.ts). */
export function withRequestClock<T>(req: Request, run: () => T): T {
  if (env().TEST_CLOCK !== "on") return run();
  return requestOffset.run(
    testClockOffset(readCookie(req.headers.get("cookie"), TEST_CLOCK_COOKIE)),
    run,
  );
}

/** The current instant on the business's clock. */
export async function now(): Promise<Date> {
  if (env().TEST_CLOCK !== "on") return new Date();
  const offset = requestOffset.getStore() ?? (await pageOffset());
  return new Date(Date.now() + offset);
}

/** A server component's request (its cookies); none outside a request, e.g. in a worker. */
async function pageOffset(): Promise<number> {
  try {
    return testClockOffset((await cookies()).get(TEST_CLOCK_COOKIE)?.value);
  } catch {
    return 0;
  }
}
