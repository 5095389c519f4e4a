import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";
import {
  isProtectedPath,
  isStaffPath,
  PROTECTED_PATHS,
  signInPath,
  STAFF_PATH,
} from "@/lib/auth/protected-paths";

/**
 * The route guard's two halves agree: proxy.ts (a request without any session cookie) and the
 * browser's AuthProvider (a session that answered 401) protect the same pages
 * (docs/architecture.md, "Sessions").
 */
describe("protected paths", () => {
  it("the proxy's matcher is the shared list and the console: each with what is below it, /home alone", () => {
    expect([...config.matcher].sort()).toEqual(
      [...PROTECTED_PATHS, STAFF_PATH].map((p) => (p === "/home" ? p : `${p}/:path*`)).sort(),
    );
  });

  it.each([
    ["/ops", true],
    ["/ops/payouts", true],
    ["/opsx", false],
    ["/api/ops/today", false],
  ])("%s is the console: %s", (path, expected) => {
    expect(isStaffPath(path)).toBe(expected);
  });

  it.each([
    ["/home", true],
    ["/home/recommended", false],
    ["/home/nope", false],
    ["/orders", true],
    ["/orders/12", true],
    ["/my-farm/products/new", true],
    ["/profile/address", true],
    ["/ordersx", false],
    ["/search", false],
    ["/products/3", false],
    ["/", false],
  ])("%s is protected: %s", (path, expected) => {
    expect(isProtectedPath(path)).toBe(expected);
  });

  it("a request without a session cookie is sent to sign in and back; with one it passes", async () => {
    const out = await proxy(new NextRequest("http://localhost/wallet?x=1"));
    expect(out.status).toBe(307);
    expect(out.headers.get("location")).toBe("http://localhost/auth?next=%2Fwallet");
    expect(signInPath("/wallet")).toBe("/auth?next=%2Fwallet");
    const signedIn = await proxy(
      new NextRequest("http://localhost/wallet", { headers: { cookie: "ff_session=abc" } }),
    );
    expect(signedIn.headers.get("location")).toBeNull();
    expect(signedIn.headers.get("x-middleware-next")).toBe("1");
  });

  it("the console is the 404 page to a request without a staff session", async () => {
    for (const headers of [{}, { cookie: "ff_session=forged" }] as Record<string, string>[]) {
      const out = await proxy(new NextRequest("http://localhost/ops/payouts", { headers }));
      expect(out.status).toBe(404);
      expect(out.headers.get("x-middleware-rewrite")).toBe("http://localhost/_ops-not-found");
    }
  });
});
