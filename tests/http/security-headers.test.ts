/**
 * Which headers Next adds to which path, from next.config.ts compiled by Next's own route builder
 * (the same regex `next build` writes to routes-manifest.json). Next applies every matching rule
 * and a config header wins over the one a route handler sets, so /uploads must not match the
 * site-wide rule: its images keep `default-src 'none'; sandbox` (the e2e farmer test checks the
 * real response headers).
 */
import { describe, expect, it } from "vitest";
import { buildCustomRoute } from "next/dist/lib/build-custom-route";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import nextConfig from "@/next.config";

/** The headers Next adds to a response to `pathname` asked with `request` headers (its `has` rules too). */
async function headersFor(
  pathname: string,
  request: Record<string, string> = {},
): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers!()) ?? [];
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const { regex } = buildCustomRoute("header", rule);
    if (!new RegExp(regex).test(pathname)) continue;
    const req = { headers: request } as unknown as Parameters<typeof matchHas>[0];
    if ((rule.has || rule.missing) && !matchHas(req, {}, rule.has, rule.missing)) continue;
    for (const h of rule.headers) out[h.key.toLowerCase()] = h.value;
  }
  return out;
}

describe("security headers per path (next.config.ts)", () => {
  it.each(["/uploads/0123456789abcdef0123456789abcdef.png", "/uploads/x.gif"])(
    "%s keeps the sandbox CSP and nosniff",
    async (p) => {
      expect(await headersFor(p)).toMatchObject({
        "content-security-policy": "default-src 'none'; sandbox",
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "same-origin",
      });
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

  it("sends HSTS only over HTTPS (X-Forwarded-Proto from a trusted proxy), never over plain HTTP", async () => {
    const hsts = "max-age=63072000; includeSubDomains";
    for (const p of ["/", "/api/health", "/uploads/x.png"]) {
      expect((await headersFor(p))["strict-transport-security"], p).toBeUndefined();
      expect(
        (await headersFor(p, { "x-forwarded-proto": "http" }))["strict-transport-security"],
        p,
      ).toBeUndefined();
      expect(
        (await headersFor(p, { "x-forwarded-proto": "https" }))["strict-transport-security"],
        p,
      ).toBe(hsts);
      expect(
        (await headersFor(p, { "x-forwarded-proto": "https, http" }))["strict-transport-security"],
        p,
      ).toBe(hsts);
      expect(
        (await headersFor(p, { "x-forwarded-proto": "http, https" }))["strict-transport-security"],
        p,
      ).toBeUndefined();
    }
  });
});
