import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/platform/db";
import { hit } from "@/lib/server/platform/rate-limit";
import { loginPause } from "@/lib/server/auth/accounts";
import { call } from "../support/http";
import { withEnv } from "../support/env";
import { captureConsole } from "../support/console";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { onPostgres } from "../support/pg";

let ipSeq = 0;
/** A client address of its own per test, so one test's failures never count in another's budget. */
const freshIp = () => `10.42.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const wrong = (username: string, ip: string) =>
  call(login, "/api/login", { body: { username, password: "not-the-password" }, ip });
const right = (username: string | null, ip: string) =>
  call(login, "/api/login", { body: { username, password: TEST_PASSWORD }, ip });
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

describe("login throttle", () => {
  it.skipIf(!onPostgres)(
    "20 parallel wrong passwords for one account from one IP: exactly 10 are checked (401), the other 10 are refused unchecked (429) (PostgreSQL only: PGlite runs one statement at a time)",
    async () => {
      const user = await createUser();
      const ip = freshIp();
      const results = await Promise.all(Array.from({ length: 20 }, () => wrong(user.email, ip)));
      expect(statuses(results)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
      for (const r of results.filter((x) => x.status === 429)) {
        expect(r.json).toEqual({
          message: "Too many failed login attempts. Please try again later.",
          code: "rate_limited",
        });
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Even the right password waits now, from that address.
      expect((await right(user.email, ip)).status).toBe(429);
    },
  );

  it("the username and the email of one account share one budget", async () => {
    const user = await createUser({ username: `Shared_${Date.now().toString(36)}` });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await wrong(user.email, ip)).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await wrong(user.username!.toUpperCase(), ip)).status).toBe(401);
    expect((await wrong(user.username!, ip)).status).toBe(429);
    expect((await wrong(user.email.toUpperCase(), ip)).status).toBe(429);
    expect((await right(user.username, ip)).status).toBe(429);
  });

  it("one IP spraying 15 accounts is stopped after LOGIN_MAX_FAILURES_PER_IP (30) failures, even for a further account with the right password", async () => {
    const ip = freshIp();
    const accounts = await Promise.all(Array.from({ length: 16 }, () => createUser()));
    for (const a of accounts.slice(0, 15)) {
      for (let i = 0; i < 2; i++) expect((await wrong(a.email, ip)).status).toBe(401);
    }
    const blocked = await call(login, "/api/login", {
      body: { username: accounts[15].email, password: TEST_PASSWORD },
      ip,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await call(login, "/api/login", {
          body: { username: accounts[15].email, password: TEST_PASSWORD },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });

  it("successful sign-ins do not use up the address's failure budget, and clear that account's failures", async () => {
    await withEnv({ LOGIN_MAX_FAILURES_PER_IP: "4", LOGIN_MAX_FAILURES: "3" }, async () => {
      const ip = freshIp();
      const user = await createUser();
      expect((await wrong(user.email, ip)).status).toBe(401);
      expect((await wrong(user.email, ip)).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await right(user.email, ip)).status).toBe(200);
      // The account's two failures were cleared by the sign-in: three more are checked...
      expect((await wrong(user.email, ip)).status).toBe(401);
      expect((await wrong(user.email, ip)).status).toBe(401);
      // ...but the address has now failed 4 times: the fifth failure is refused.
      expect((await wrong(user.email, ip)).status).toBe(429);
    });
  });

  it("unknown accounts are throttled like real ones (no difference to probe)", async () => {
    await withEnv({ LOGIN_MAX_FAILURES: "2" }, async () => {
      const ip = freshIp();
      expect((await wrong("nobody@example.test", ip)).status).toBe(401);
      expect((await wrong("NOBODY@example.test", ip)).status).toBe(401);
      expect((await wrong("nobody@example.test", ip)).status).toBe(429);
    });
  });

  it("logs a refusal without the password or the identifier", async () => {
    await withEnv({ LOGIN_MAX_FAILURES: "1" }, async () => {
      const ip = freshIp();
      const lines = await captureConsole(async () => {
        await call(login, "/api/login", {
          body: { username: "secret-person@example.test", password: "hunter2-secret-pw" },
          ip,
        });
        const refused = await call(login, "/api/login", {
          body: { username: "secret-person@example.test", password: "hunter2-secret-pw" },
          ip,
        });
        expect(refused.status).toBe(429);
      });
      const text = lines.join("\n");
      expect(text).toContain("[rate-limit] refused");
      expect(text).toContain(ip);
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("secret-person");
    });
  });

  it("guesses at one account spread over many addresses are slowed, not locked: past LOGIN_ACCOUNT_FREE_ATTEMPTS each check waits its turn, the turns doubling; the owner still gets in", async () => {
    const user = await createUser();
    // Each slowed check's turn, as the time it would start (the pause is recorded, not slept, so
    // no real time passes): turns are compared with the first one's, whatever the machine's speed.
    const waits: number[] = [];
    const sleep = loginPause.sleep;
    loginPause.sleep = async (ms) => void waits.push(Date.now() + ms);
    const spacing = () => waits.map((t) => t - waits[0]);
    const near = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach((g, i) => expect(Math.abs(g - want[i]), `turn ${i}: ${got}`).toBeLessThan(400));
    };
    try {
      await withEnv(
        {
          LOGIN_ACCOUNT_FREE_ATTEMPTS: "20",
          LOGIN_ACCOUNT_DELAY_SECONDS: "1",
          LOGIN_ACCOUNT_MAX_DELAY_SECONDS: "30",
        },
        async () => {
          // One guess from each of 20 addresses: no per-address budget is near, and none waits.
          for (let i = 0; i < 20; i++)
            expect((await wrong(user.email, freshIp())).status).toBe(401);
          expect(waits).toEqual([]);
          // From the 21st on, each check waits for its turn: turns 1, 2, 4, 8 s apart.
          for (let i = 0; i < 4; i++) expect((await wrong(user.email, freshIp())).status).toBe(401);
          const right = await call(login, "/api/login", {
            body: { username: user.email, password: TEST_PASSWORD },
            ip: freshIp(),
          });
          expect(right.status).toBe(200);
          near(spacing(), [0, 1000, 3000, 7000, 15000]);
          // The right password cleared the account's count: the next guess is not slowed.
          expect((await wrong(user.email, freshIp())).status).toBe(401);
          expect(waits).toHaveLength(5);
        },
      );
      // A queue longer than the longest delay is a short 429 (nothing reserved), never a lock:
      // Retry-After says when a turn is free. Unknown names are slowed the same (nothing to probe).
      await withEnv(
        {
          LOGIN_ACCOUNT_FREE_ATTEMPTS: "2",
          LOGIN_ACCOUNT_DELAY_SECONDS: "1",
          LOGIN_ACCOUNT_MAX_DELAY_SECONDS: "5",
        },
        async () => {
          for (const name of [(await createUser()).email, `nobody-${freshIp()}@example.test`]) {
            waits.length = 0;
            for (let i = 0; i < 5; i++)
              expect((await wrong(name, freshIp())).status, name).toBe(401);
            near(spacing(), [0, 1000, 3000]);
            const full = await wrong(name, freshIp());
            expect([full.status, full.json.code], name).toEqual([429, "rate_limited"]);
            expect([1, 2]).toContain(Number(full.headers.get("retry-after")));
            expect(waits).toHaveLength(3);
          }
        },
      );
    } finally {
      loginPause.sleep = sleep;
    }
  });
});

describe("registration throttle", () => {
  const body = (ip: string, i: number) => ({
    fullName: "Rae Parallel",
    email: `rae-${ip.replaceAll(".", "-")}-${i}-${Date.now().toString(36)}@example.test`,
    password: "orchard-sunrise-42",
    confirmPassword: "orchard-sunrise-42",
  });

  it.skipIf(!onPostgres)(
    "10 parallel registrations from one IP with 3 allowed: exactly 3 accounts (PostgreSQL only: PGlite runs one statement at a time)",
    async () => {
      await withEnv({ REGISTRATION_LIMIT_PER_IP_HOUR: "3" }, async () => {
        const ip = freshIp();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            call(register, "/api/register", { body: body(ip, i), ip }),
          ),
        );
        expect(statuses(results)).toEqual([...Array(3).fill(201), ...Array(7).fill(429)]);
        expect(
          await db.user.count({
            where: { email: { startsWith: `rae-${ip.replaceAll(".", "-")}-` } },
          }),
        ).toBe(3);
      });
    },
  );

  it("counts every attempt from the address (an email already taken too), so the 409 cannot be used to probe without limit", async () => {
    await withEnv({ REGISTRATION_LIMIT_PER_IP_HOUR: "2" }, async () => {
      const ip = freshIp();
      const taken = await createUser();
      for (const n of [0, 1]) {
        expect(
          (
            await call(register, "/api/register", {
              body: { ...body(ip, n), email: taken.email },
              ip,
            })
          ).status,
        ).toBe(409);
      }
      const third = await call(register, "/api/register", { body: body(ip, 2), ip });
      expect(third.status).toBe(429);
      expect(third.json.code).toBe("rate_limited");
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

  it("the counter is one row per key: hit() returns consecutive counts and a fresh window after the old one closed", async () => {
    const key = `test:window:${freshIp()}`;
    expect((await hit(key, 60_000)).count).toBe(1);
    expect((await hit(key, 60_000)).count).toBe(2);
    await db.rateLimitCounter.update({
      where: { key },
      data: { resetAt: new Date(Date.now() - 1000) },
    });
    const again = await hit(key, 60_000);
    expect(again.count).toBe(1);
    expect(again.retryAfterSeconds).toBeGreaterThan(50);
    expect(again.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});
