import http from "node:http";
import { expect, test } from "@playwright/test";
import { endpoints } from "@/lib/contracts/index";
import { DEMO } from "./support";

/** One request with the path exactly as written (a browser or Playwright would normalise `%2e%2e`). */
function raw(baseURL: string, method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const req = http.request({ hostname, port, method, path, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

/**
 * Every /api answer is JSON, through the real server (Next's routing, not only our handlers):
 * unknown paths are a JSON 404 (Auth.js's old /api/auth/* routes are gone), a method a route does
 * not serve is a JSON 405 with Allow, and logout kills a replayed cookie.
 */
test.describe("the /api surface @desktop-only", () => {
  test("unknown /api paths answer a JSON 404 for every method, /api/auth/signout included", async ({
    request,
  }) => {
    for (const path of [
      "/api/auth/signout",
      "/api/auth/session",
      "/api/nope",
      "/api",
      "/api/orders/12/nope",
    ]) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const res = await request.fetch(path, { method, maxRedirects: 0 });
        expect(res.status(), `${method} ${path}`).toBe(404);
        expect(res.headers()["content-type"], `${method} ${path}`).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({
          message: "No API endpoint at this address",
          code: "not_found",
        });
      }
    }
  });

  test("a method the endpoint does not serve is a JSON 405 with Allow", async ({ request }) => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/wallet", "GET, HEAD, OPTIONS"],
      ["POST", "/api/categories", "GET, HEAD, OPTIONS"],
      ["GET", "/api/login", "POST, OPTIONS"],
      ["PUT", "/api/my-farm/products/1", "GET, PATCH, HEAD, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await request.fetch(path, { method });
      expect(res.status(), `${method} ${path}`).toBe(405);
      expect(res.headers()["allow"]).toBe(allow);
      expect(res.headers()["content-type"]).toMatch(/^application\/json/);
      expect((await res.json()).code).toBe("method_not_allowed");
    }
    const options = await request.fetch("/api/login", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("POST, OPTIONS");
  });

  test("malformed request lines never reach Next: a broken %-escape or a dot segment is 400, an unknown method 405 with Allow (a staff route's 404), JSON under /api, on every route", async ({
    baseURL,
  }) => {
    const bad: string[] = [];
    const check = async (method: string, path: string, status: number, json: boolean) => {
      const res = await raw(baseURL!, method, path);
      const type = String(res.headers["content-type"] ?? "");
      const body = json ? (JSON.parse(res.text || "null") as { code?: string } | null) : null;
      if (
        res.status !== status ||
        (json && (!type.startsWith("application/json") || !body?.code)) ||
        (status === 405 && !res.headers["allow"])
      )
        bad.push(`${method} ${path}: ${res.status} ${type} ${res.text.slice(0, 100)}`);
    };
    for (const path of new Set(endpoints.map((e) => e.path))) {
      const real = path.replace(/\{\w+\}/g, "1");
      for (const name of path.match(/\{\w+\}/g) ?? [])
        await check("GET", path.replace(name, "%zz").replace(/\{\w+\}/g, "1"), 400, true);
      // A staff address tells no one which methods it takes (docs/operations.md): an unknown one's 404.
      const staffOnly = endpoints.some((e) => e.path === path && e.auth === "staff");
      await check("TRACE", real, staffOnly ? 404 : 405, true);
    }
    await check("GET", "/api/%2e%2e/health", 400, true);
    await check("GET", "/api/../health", 400, true);
    await check("TRACE", "/api/nope", 404, true);
    for (const page of ["/uploads/%zz", "/products/%zz", "/orders/%zz"])
      await check("GET", page, 400, false);
    await check("TRACE", "/", 405, false);
    expect(bad).toEqual([]);
    // The well-formed request still gets through.
    expect((await raw(baseURL!, "GET", "/api/health")).status).toBe(200);
  });

  test("a cursor past year 9999 is a 400, not a 500", async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    expect(
      (
        await ctx.post("/api/login", { data: { username: DEMO.email, password: DEMO.password } })
      ).status(),
    ).toBe(200);
    for (const path of ["/api/orders", "/api/transactions"]) {
      const res = await ctx.get(`${path}?cursor=253402300800000.1`);
      expect(res.status(), path).toBe(400);
      expect((await res.json()).errors).toEqual({ cursor: expect.any(String) });
    }
    await ctx.dispose();
  });

  test("no HSTS over plain HTTP, even when the client claims X-Forwarded-Proto: https", async ({
    baseURL,
  }) => {
    for (const headers of [{}, { "x-forwarded-proto": "https" }] as Record<string, string>[]) {
      const res = await raw(baseURL!, "GET", "/api/health", headers);
      expect(res.status).toBe(200);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  test("logout kills the session: the replayed cookie is refused", async ({
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const login = await ctx.post("/api/login", {
      data: { username: DEMO.email, password: DEMO.password },
    });
    expect(login.status()).toBe(200);
    const cookie = login.headers()["set-cookie"].split(";")[0];
    const bare = await playwright.request.newContext({ baseURL });
    expect((await bare.get("/api/user", { headers: { cookie } })).status()).toBe(200);
    expect((await ctx.post("/api/logout")).status()).toBe(200);
    const replay = await bare.get("/api/user", { headers: { cookie } });
    expect(replay.status()).toBe(401);
    expect(await replay.json()).toEqual({ message: "Not signed in", code: "unauthenticated" });
    await ctx.dispose();
    await bare.dispose();
  });
});
