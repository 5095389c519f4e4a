import { afterEach, describe, expect, it, vi } from "vitest";

// lib/site.ts reads the environment once, when it loads: each case loads it afresh.
async function siteUrl(env: { APP_URL?: string; PORT?: string }) {
  vi.resetModules();
  vi.stubEnv("APP_URL", env.APP_URL ?? "");
  vi.stubEnv("PORT", env.PORT ?? "");
  return (await import("@/lib/site")).site.url;
}

afterEach(() => vi.unstubAllEnvs());

describe("the address emailed links start with", () => {
  it("is the port the app is served on when APP_URL is unset", async () => {
    expect(await siteUrl({ PORT: "4200" })).toBe("http://localhost:4200");
  });

  it("is APP_URL when it is set, without a trailing slash", async () => {
    expect(await siteUrl({ APP_URL: "https://fieldfare.example/", PORT: "4200" })).toBe(
      "https://fieldfare.example",
    );
  });

  it("is port 3000 with neither", async () => {
    expect(await siteUrl({})).toBe("http://localhost:3000");
  });
});
