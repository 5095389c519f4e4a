import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";
import { isProtectedPath, PROTECTED_PATHS, signInPath } from "@/lib/auth/protected-paths";

/**
 * The route guard's two halves agree: proxy.ts (a request without any session cookie) and the
 * browser's AuthProvider (a session that answered 401) protect the same pages
 * (docs/architecture.md, "Sessions").
 */
describe("protected paths", () => {
  it("the proxy's matcher is the shared list: each page and what is below it, /home alone", () => {
    expect([...config.matcher].sort()).toEqual(
      PROTECTED_PATHS.map((p) => (p === "/home" ? p : `${p}/:path*`)).sort(),
    );
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

  it("a request without a session cookie is sent to sign in and back; with one it passes", () => {
    const out = proxy(new NextRequest("http://localhost/wallet?x=1"));
    expect(out.status).toBe(307);
    expect(out.headers.get("location")).toBe("http://localhost/auth?next=%2Fwallet");
    expect(signInPath("/wallet")).toBe("/auth?next=%2Fwallet");
    const signedIn = proxy(
      new NextRequest("http://localhost/wallet", { headers: { cookie: "ff_session=abc" } }),
    );
    expect(signedIn.headers.get("location")).toBeNull();
    expect(signedIn.headers.get("x-middleware-next")).toBe("1");
  });
});
