import { describe, expect, it } from "vitest";
import { GET as getUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/platform/db";
import { hit } from "@/lib/server/platform/rate-limit";
import { call, cookieFrom } from "../support/http";
import { createUser, TEST_PASSWORD } from "../support/factories";

let seq = 0;
const fresh = () => `${Date.now().toString(36)}${seq++}`;
const validRegistration = (over: Record<string, unknown> = {}) => {
  const id = fresh();
  return {
    fullName: "Avery Quinn",
    email: `avery-${id}@example.test`,
    username: `avery_${id}`,
    password: "orchard-sunrise-42",
    confirmPassword: "orchard-sunrise-42",
    ...over,
  };
};

describe("POST /api/register", () => {
  it("creates a signed-in user, forcing userType to user and never returning the hash", async () => {
    const body = validRegistration({ userType: "farmer", phone: "250-555-0199" });
    const res = await call(register, "/api/register", { body, ip: "10.0.0.1" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      fullName: "Avery Quinn",
      email: body.email,
      userType: "user",
      phone: "250-555-0199",
      profileImage: "",
    });
    expect(res.text).not.toMatch(/passwordHash|argon2/);
    const row = await db.user.findUniqueOrThrow({ where: { email: body.email } });
    expect(row.userType).toBe("user");
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await call(getUser, "/api/user", { cookie: cookieFrom(res.setCookie) });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(body.email);
    expect(res.setCookie).toMatch(/HttpOnly/);
    expect(res.setCookie).toMatch(/SameSite=Lax/);
    // Beside it, the signed-in hint: readable by the page's scripts (not HttpOnly), ending with the session.
    const [session, hint] = res.headers.getSetCookie();
    expect(session).toMatch(
      /^ff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/,
    );
    expect(hint).toBe(
      `ff_signed_in=1; ${session
        .split("; ")
        .filter((a) => a !== "HttpOnly")
        .slice(1)
        .join("; ")}`,
    );
  });

  it.each([
    [{ confirmPassword: "different-password-1" }, "confirmPassword", "Passwords do not match"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ password: "", confirmPassword: "" }, "password", "Password is required"],
    [
      { password: "short", confirmPassword: "short" },
      "password",
      "Password must be at least 10 characters",
    ],
    [
      { password: "x".repeat(129), confirmPassword: "x".repeat(129) },
      "password",
      "Password must be at most 128 characters",
    ],
    [{ fullName: "" }, "fullName", "Full name is required"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
  ])("400 for %j", async (over, field, message) => {
    const res = await call(register, "/api/register", {
      body: validRegistration(over),
      ip: "10.0.0.2",
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });

  it("refuses a common password", async () => {
    const res = await call(register, "/api/register", {
      body: validRegistration({ password: "password123", confirmPassword: "password123" }),
      ip: "10.0.0.3",
    });
    expect(res.status).toBe(400);
    expect(res.json.errors.password).toMatch(/too common/);
  });

  it("409 on a duplicate email (any case) or username", async () => {
    const first = validRegistration();
    expect((await call(register, "/api/register", { body: first, ip: "10.0.0.4" })).status).toBe(
      201,
    );
    const dupEmail = await call(register, "/api/register", {
      body: validRegistration({ email: first.email.toUpperCase() }),
      ip: "10.0.0.4",
    });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.json.errors.email).toBe("An account with this email already exists");
    const dupUser = await call(register, "/api/register", {
      body: validRegistration({ username: first.username }),
      ip: "10.0.0.4",
    });
    expect(dupUser.status).toBe(409);
    expect(dupUser.json.errors.username).toBe("This username is already taken");
  });

  it("throttles registrations per client IP per hour", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 30; i++) await hit(`register-ip:${ip}`, 3600_000);
    const res = await call(register, "/api/register", { body: validRegistration(), ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call(register, "/api/register", { body: validRegistration(), ip: "10.9.9.10" }))
        .status,
    ).toBe(201);
  });
});

describe("POST /api/login", () => {
  it("signs in by email and by username, case-insensitively", async () => {
    const user = await createUser({ username: "Orchard_Ann" });
    const byEmail = await call(login, "/api/login", {
      body: { username: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json).toMatchObject({ id: user.id, email: user.email });
    expect(byEmail.text).not.toContain("passwordHash");
    const byName = await call(login, "/api/login", {
      body: { username: "orchard_ann", password: TEST_PASSWORD },
    });
    expect(byName.status).toBe(200);
    expect(cookieFrom(byName.setCookie)).not.toBe(cookieFrom(byEmail.setCookie)); // a new session id each login
  });

  it("401 with one message for a wrong password and for an unknown account", async () => {
    const user = await createUser();
    const wrong = await call(login, "/api/login", {
      body: { username: user.email, password: "nope-nope-nope" },
    });
    const unknown = await call(login, "/api/login", {
      body: { username: "ghost@example.test", password: "nope-nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({
      message: "Invalid email or password",
      code: "invalid_credentials",
    });
    expect(unknown.json).toEqual(wrong.json);
  });

  it.each([
    [{ username: "", password: "x" }, "username", "Email or username is required"],
    [{ username: "someone", password: "" }, "password", "Password is required"],
    [{}, "username", "Email or username is required"],
  ])("400 for %j", async (body, field, message) => {
    const res = await call(login, "/api/login", { body });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });

  it("429 with Retry-After after 10 failures for one account from one IP, same for unknown accounts", async () => {
    const user = await createUser();
    for (const account of [user.email, "nobody-here@example.test"]) {
      for (let i = 0; i < 10; i++) {
        const r = await call(login, "/api/login", {
          body: { username: account, password: "wrong-password" },
          ip: "10.1.1.1",
        });
        expect(r.status).toBe(401);
      }
      const blocked = await call(login, "/api/login", {
        body: { username: account, password: TEST_PASSWORD },
        ip: "10.1.1.1",
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another IP is not blocked for the real account.
    expect(
      (
        await call(login, "/api/login", {
          body: { username: user.email, password: TEST_PASSWORD },
          ip: "10.1.1.2",
        })
      ).status,
    ).toBe(200);
  });
});

/** A new user signed in through POST /api/login: the user and the session cookie. */
async function signedIn() {
  const user = await createUser();
  const res = await call(login, "/api/login", {
    body: { username: user.email, password: TEST_PASSWORD },
  });
  return { user, cookie: cookieFrom(res.setCookie) };
}

describe("sessions", () => {
  it("GET /api/user is 401 without a cookie and with a forged one", async () => {
    expect((await call(getUser, "/api/user")).status).toBe(401);
    expect(
      (await call(getUser, "/api/user", { cookie: "ff_session=forged.value.here" })).status,
    ).toBe(401);
  });

  it("logout kills the session: the captured cookie is refused afterwards", async () => {
    const { user, cookie } = await signedIn();
    expect((await call(getUser, "/api/user", { cookie })).status).toBe(200);
    const out = await call(logout, "/api/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/Max-Age=0/);
    // Both cookies end: the session and the signed-in hint public pages read.
    expect(out.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^ff_session=;.*HttpOnly.*Max-Age=0/),
      expect.stringMatching(/^ff_signed_in=;.*Max-Age=0/),
    ]);
    const replay = await call(getUser, "/api/user", { cookie });
    expect(replay.status).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("expired sessions are refused and removed", async () => {
    const { user, cookie } = await signedIn();
    await db.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(getUser, "/api/user", { cookie })).status).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("idle sessions are refused", async () => {
    const { user, cookie } = await signedIn();
    await db.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    expect((await call(getUser, "/api/user", { cookie })).status).toBe(401);
  });
});

describe("the request wrapper", () => {
  it("415 for a non-JSON body", async () => {
    const res = await call(login, "/api/login", {
      rawBody: "username=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.json.message).toMatch(/application\/json/);
  });

  it("413 for a body over 64 KB", async () => {
    const res = await call(login, "/api/login", {
      body: { username: "a", password: "b", pad: "x".repeat(70_000) },
    });
    expect(res.status).toBe(413);
  });

  it("400 for malformed JSON and for an array body, without a stack trace", async () => {
    const bad = await call(login, "/api/login", {
      rawBody: '{"username":',
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("The request body is not valid JSON");
    const arr = await call(login, "/api/login", { body: ["a", "b"] });
    expect(arr.status).toBe(400);
    expect(arr.text).not.toMatch(/at .*\.ts|node_modules/);
  });

  it("403 for a cross-site POST carrying the session cookie", async () => {
    const { cookie } = await signedIn();
    const evil = await call(logout, "/api/logout", {
      method: "POST",
      cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    const fetchSite = await call(logout, "/api/logout", {
      method: "POST",
      cookie,
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    expect((await call(getUser, "/api/user", { cookie })).status).toBe(200); // still signed in
  });
});
