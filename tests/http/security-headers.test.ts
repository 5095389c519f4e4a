/**
 * Which headers Next adds to which path, from next.config.ts compiled by Next's own route builder
 * (the same regex `next build` writes to routes-manifest.json). Next applies every matching rule
 * and a config header wins over the one a route handler sets, so /uploads must not match the
 * site-wide rule: its images keep `default-src 'none'; sandbox` (the e2e farmer test checks the
 * real response headers).
 */
import { describe, expect, it } from "vitest";
import { buildCustomRoute } from "next/dist/lib/build-custom-route";
import nextConfig from "@/next.config";

async function headersFor(pathname: string): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers!()) ?? [];
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const { regex } = buildCustomRoute("header", rule);
    if (!new RegExp(regex).test(pathname)) continue;
    for (const h of rule.headers) out[h.key.toLowerCase()] = h.value;
  }
  return out;
}

describe("security headers per path (next.config.ts)", () => {
  it.each(["/uploads/0123456789abcdef0123456789abcdef.png", "/uploads/x.gif"])(
    "%s keeps the sandbox CSP and nosniff",
    async (p) => {
      const h = await headersFor(p);
      expect(h["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["cross-origin-resource-policy"]).toBe("same-origin");
    },
  );

  it.each(["/", "/home", "/wallet", "/api/health", "/uploadsx", "/auth"])(
    "%s gets the site CSP",
    async (p) => {
      const h = await headersFor(p);
      expect(h["content-security-policy"]).toContain("default-src 'self'");
      expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(h["x-frame-options"]).toBe("DENY");
    },
  );
});
