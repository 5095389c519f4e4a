import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

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
