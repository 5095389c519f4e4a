import "server-only";
import { env } from "@/lib/server/platform/env";

/**
 * The client's address. Our server (scripts/serve.ts) overwrites `x-fieldfare-client-ip` with the
 * socket address on every request, so a client cannot choose it; `next start` alone would keep a
 * client-sent X-Forwarded-For. Behind N trusted proxies (TRUST_PROXY=N) the Nth address from the
 * right of X-Forwarded-For is the client.
 */
export function clientIp(req: Request): string {
  const hops = env().TRUST_PROXY;
  if (hops > 0) {
    const chain = (req.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = chain[chain.length - hops];
    if (candidate) return candidate;
  }
  return req.headers.get("x-fieldfare-client-ip") ?? "unknown";
}
