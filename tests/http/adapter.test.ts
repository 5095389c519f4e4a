/**
 * The HTTP adapter (lib/server/http/route.ts): one error body `{message, code, errors?}` whose
 * status comes from the code table, the "success" envelope of the public forms, 405 with Allow for
 * methods a route file does not register, a JSON 404 for unknown /api paths, and the session
 * cookie's Secure flag and __Host- name decided by APP_URL / TRUST_PROXY, never by a header alone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import * as unknownPath from "@/app/api/[[...path]]/route";
import * as loginRoute from "@/app/api/login/route";
import * as waitlistRoute from "@/app/api/waitlist/route";
import * as walletRoute from "@/app/api/wallet/route";
import * as myProductRoute from "@/app/api/my-farm/products/[id]/route";
import { endpoint, jsonBody } from "@/lib/contracts/endpoint";
import { ERROR_CODES, ERROR_STATUS } from "@/lib/contracts/errors";
import { resetEnvCache } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { handlers, route } from "@/lib/server/http/route";
import { call, cookieFrom } from "../support/http";
import { createUser, TEST_PASSWORD } from "../support/factories";

const probe = endpoint({
  method: "POST",
  path: "/api/probe",
  tag: "Operations",
  summary: "probe",
  auth: "none",
  body: jsonBody(z.object({ n: z.number({ error: "n must be a number" }) })),
});

describe("errors carry a stable code; one table decides the status", () => {
  it.each(ERROR_CODES)(
    "AppError(%s) answers {message, code} with its table status",
    async (code) => {
      const h = route(probe, () => {
        throw new AppError(code, `refused: ${code}`);
      });
      const res = await call(h, "/api/probe", { body: { n: 1 } });
      expect(res.status).toBe(ERROR_STATUS[code]);
      expect(res.json).toEqual({ message: `refused: ${code}`, code });
    },
  );

  it("zod failures are code validation with per-field errors; bad JSON is invalid_json; a cross-site post is cross_site", async () => {
    const h = route(probe, ({ body }) => ({ doubled: body.n * 2 }));
    expect((await call(h, "/api/probe", { body: { n: "x" } })).json).toEqual({
      message: "n must be a number",
      code: "validation",
      errors: { n: "n must be a number" },
    });
    expect(
      (
        await call(h, "/api/probe", {
          rawBody: "{",
          headers: { "content-type": "application/json" },
        })
      ).json.code,
    ).toBe("invalid_json");
    expect(
      (await call(h, "/api/probe", { rawBody: "n=1", headers: { "content-type": "text/plain" } }))
        .json.code,
    ).toBe("unsupported_media_type");
    const evil = await call(h, "/api/probe", {
      body: { n: 1 },
      headers: { origin: "https://evil.example" },
    });
    expect([evil.status, evil.json.code]).toEqual([403, "cross_site"]);
    expect((await call(h, "/api/probe", { body: { n: 2 } })).json).toEqual({ doubled: 4 });
  });

  it("an unexpected error is 500 code internal with a reference, and nothing of the error itself", async () => {
    const h = route(probe, () => {
      throw new Error('secret SQL: SELECT * FROM "User"');
    });
    const res = await call(h, "/api/probe", { body: { n: 1 } });
    expect(res.status).toBe(500);
    expect(res.json.code).toBe("internal");
    expect(res.text).not.toContain("SELECT");
  });

  it("the public forms' envelope adds success:false to every error (and only to errors)", async () => {
    const bad = await call(waitlistRoute.POST, "/api/waitlist", { body: { email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: "validation" });
    expect(typeof bad.json.message).toBe("string");
    expect(bad.json.errors.email).toBeTruthy();
  });
});

describe("every /api answer is JSON: 405 with Allow, OPTIONS, unknown paths", () => {
  it("a method the route file does not register is a JSON 405 naming the allowed ones", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call(walletRoute[method], "/api/wallet", { method, body: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.json.code).toBe("method_not_allowed");
    }
    const del = await call(myProductRoute.DELETE, "/api/my-farm/products/1", {
      method: "DELETE",
      params: { id: "1" },
    });
    expect(del.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
    const get = await call(loginRoute.GET, "/api/login");
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST, OPTIONS"]);
    const options = await loginRoute.OPTIONS(
      new Request("http://localhost:3000/api/login", { method: "OPTIONS" }),
    );
    expect([options.status, options.headers.get("allow")]).toEqual([204, "POST, OPTIONS"]);
  });

  it("an unknown /api path (Auth.js's old /api/auth/signout too) is a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call(unknownPath[method], "/api/auth/signout", {
        method,
        params: { path: "auth/signout" } as never,
      });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: "No API endpoint at this address", code: "not_found" });
    }
  });

  it("handlers() refuses a method registered twice", () => {
    const a = route(probe, () => ({}));
    expect(() => handlers(a, a)).toThrow(/registered twice/);
  });
});

describe("the session cookie is Secure with the __Host- name whenever the site is HTTPS", () => {
  const saved = { APP_URL: process.env.APP_URL, TRUST_PROXY: process.env.TRUST_PROXY };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });

  async function signIn(
    env: { APP_URL?: string; TRUST_PROXY?: string },
    headers: Record<string, string> = {},
  ) {
    for (const k of ["APP_URL", "TRUST_PROXY"] as const) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    resetEnvCache();
    const user = await createUser();
    const origin = env.APP_URL ? new URL(env.APP_URL).origin : "http://localhost:3000";
    const res = await call(loginRoute.POST, "/api/login", {
      body: { username: user.email, password: TEST_PASSWORD },
      headers: { origin, ...headers },
      ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(res.status).toBe(200);
    return res.setCookie!;
  }

  it("APP_URL=https://… behind a TLS proxy with TRUST_PROXY=0 and no X-Forwarded-Proto", async () => {
    const set = await signIn({ APP_URL: "https://fieldfare.example", TRUST_PROXY: "0" });
    expect(cookieFrom(set)).toMatch(/^__Host-ff_session=/);
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; Path=\//);
  });

  it("X-Forwarded-Proto is believed only behind a trusted proxy", async () => {
    const spoofed = await signIn({ TRUST_PROXY: "0" }, { "x-forwarded-proto": "https" });
    expect(cookieFrom(spoofed)).toMatch(/^ff_session=/);
    expect(spoofed).not.toMatch(/Secure/);
    const proxied = await signIn({ TRUST_PROXY: "1" }, { "x-forwarded-proto": "https" });
    expect(cookieFrom(proxied)).toMatch(/^__Host-ff_session=/);
    expect(proxied).toMatch(/; Secure/);
  });

  it("plain http without APP_URL: the plain name, no Secure", async () => {
    const set = await signIn({});
    expect(cookieFrom(set)).toMatch(/^ff_session=/);
    expect(set).not.toMatch(/Secure/);
  });
});
