import "server-only";
import { env } from "@/lib/server/platform/env";

/**
 * What the request says about where it came from, believing only what the deployment vouches for:
 * `APP_URL` (the public origin) always, `X-Forwarded-Proto` only behind TRUST_PROXY > 0 proxies
 * (scripts/serve.ts drops the header otherwise, and Next then writes its own "http").
 */

/** Was the page served over HTTPS? Decides the cookie's `Secure` flag and `__Host-` name. */
export function isSecureRequest(req: Request): boolean {
  const e = env();
  if (e.APP_URL?.startsWith("https://")) return true;
  if (e.TRUST_PROXY > 0) {
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
    if (proto) return proto === "https";
  }
  return new URL(req.url).protocol === "https:";
}

function expectedOrigins(req: Request): string[] {
  const origins = new Set<string>();
  const url = new URL(req.url);
  origins.add(url.origin);
  const host = req.headers.get("host");
  if (host) {
    const proto =
      env().TRUST_PROXY > 0
        ? (req.headers.get("x-forwarded-proto")?.split(",")[0].trim() ?? url.protocol.slice(0, -1))
        : url.protocol.slice(0, -1);
    origins.add(`${proto}://${host}`);
  }
  const appUrl = env().APP_URL;
  if (appUrl) origins.add(new URL(appUrl).origin);
  return [...origins];
}

/**
 * Browsers always send Origin (or Sec-Fetch-Site) on cross-site POSTs; a non-browser client cannot
 * ride a victim's cookie. So a mutation is refused when either says another site.
 */
export function isCrossSite(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin) return origin === "null" || !expectedOrigins(req).includes(origin);
  const site = req.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * The public origin to send a person back to (a payment page's return URL): APP_URL when set,
 * else the Origin of this same-origin mutation (checked by isCrossSite), else the request's own.
 */
export function appOrigin(req: Request): string {
  const appUrl = env().APP_URL;
  if (appUrl) return new URL(appUrl).origin;
  const origin = req.headers.get("origin");
  if (origin && origin !== "null" && expectedOrigins(req).includes(origin)) return origin;
  return new URL(req.url).origin;
}
