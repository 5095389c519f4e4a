/**
 * Where sign-in sends you afterwards (`/auth?next=…`): only a path on this site. The values are
 * what `URLSearchParams.get("next")` hands the form (already percent-decoded once).
 */
import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/auth/safe-next";

const ORIGIN = "https://fieldfare.example";

describe("safeNextPath: same-origin paths only, parsed with new URL against the origin", () => {
  it.each([
    ["/wallet", "/wallet"],
    ["/orders?status=active", "/orders?status=active"],
    ["/messages/12#latest", "/messages/12#latest"],
    ["/my-farm/products/3", "/my-farm/products/3"],
    ["/search?q=kale%20chips", "/search?q=kale%20chips"],
  ])("keeps %j", (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    // The audit's two: a backslash and a tab both make the browser read "//evil.example".
    [new URLSearchParams("next=/%5Cevil.example").get("next")],
    [new URLSearchParams("next=/%09/evil.example").get("next")],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    [" //evil.example"],
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["https://evil.example/home"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["evil.example"],
    ["home"],
    [""],
    [null],
    [undefined],
    ["/\u0000/evil.example"],
    ["/%2F%2Fevil.example".replace(/%2F/g, "/")],
  ])("refuses %j (→ /home)", (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe("/home");
  });

  it("whatever it returns resolves to the same origin (a fuzz over slashes, backslashes, tabs and dots)", () => {
    const parts = ["/", "\\", "\t", "\n", ".", "..", "evil.example", "%2F", "%5C", "@", ":"];
    let checked = 0;
    for (const a of parts)
      for (const b of parts)
        for (const c of parts) {
          const next = `/${a}${b}${c}`;
          const out = safeNextPath(next, ORIGIN);
          expect(out.startsWith("/") && !out.startsWith("//") && !out.startsWith("/\\")).toBe(true);
          expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
          checked++;
        }
    expect(checked).toBe(parts.length ** 3);
  });

  it("works without a real origin (the server render of the form), with the same answers", () => {
    expect(safeNextPath("/wallet")).toBe("/wallet");
    expect(safeNextPath("/\\evil.example")).toBe("/home");
    expect(safeNextPath("//fieldfare.invalid/x")).toBe("/home");
  });
});
