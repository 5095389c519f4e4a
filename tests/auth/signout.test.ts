import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as unknownApi from "@/app/api/[[...path]]/route";
import { GET as getUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { db } from "@/lib/server/platform/db";
import { call, cookieFrom } from "../support/http";
import { createUser, TEST_PASSWORD } from "../support/factories";

const root = path.resolve(import.meta.dirname, "../..");

/** Every route file under app/api, as the URL pattern Next serves it at. */
function apiRouteFiles(dir = path.join(root, "app/api")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return apiRouteFiles(p);
    return /^route\.(t|j)sx?$/.test(d.name) ? [path.relative(path.join(root, "app"), dir)] : [];
  });
}

async function signIn() {
  const user = await createUser();
  const res = await call(login, "/api/login", {
    body: { username: user.email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return { user, cookie: cookieFrom(res.setCookie) };
}

describe("Auth.js is gone: /api/auth/* does not exist", () => {
  it("no route file serves /api/auth or below, and next-auth is not a dependency", () => {
    const routes = apiRouteFiles();
    expect(routes).toContain("api/login");
    expect(routes.filter((r) => r === "api/auth" || r.startsWith("api/auth/"))).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(
      Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) =>
        /next-auth|@auth\//.test(d),
      ),
    ).toEqual([]);
  });

  it.each([
    ["POST", "/api/auth/signout"],
    ["GET", "/api/auth/signout"],
    ["GET", "/api/auth/session"],
    ["GET", "/api/auth/csrf"],
    ["POST", "/api/auth/callback/credentials"],
  ] as const)(
    "%s %s is a JSON 404 (the catch-all that answers unknown /api paths), and the session it was sent with is untouched",
    async (method, url) => {
      const { user, cookie } = await signIn();
      const res = await call(unknownApi[method], url, {
        method,
        cookie,
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.json).toEqual({ message: "No API endpoint at this address", code: "not_found" });
      expect(res.setCookie).toBeNull();
      expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    },
  );
});

describe("POST /api/logout revokes the session row", () => {
  it("the replayed cookie is dead afterwards, the user's other sessions live on", async () => {
    const { user, cookie } = await signIn();
    const other = cookieFrom(
      (await call(login, "/api/login", { body: { username: user.email, password: TEST_PASSWORD } }))
        .setCookie,
    );
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);

    const out = await call(logout, "/api/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(out.setCookie).toMatch(/^ff_session=;.*Max-Age=0/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);

    // The browser forgot the cookie; an attacker who copied it replays it.
    for (let i = 0; i < 2; i++)
      expect((await call(getUser, "/api/user", { cookie })).status).toBe(401);
    // Logging out again with the dead cookie is harmless and still answers JSON.
    expect((await call(logout, "/api/logout", { method: "POST", cookie })).status).toBe(200);
    expect((await call(getUser, "/api/user", { cookie: other })).status).toBe(200);
  });
});
