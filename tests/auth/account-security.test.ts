import { describe, expect, it, vi } from "vitest";
import pg from "pg";
import type { ParsedMail } from "mailparser";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { GET as getUser } from "@/app/api/user/route";
import { POST as resend } from "@/app/api/email/verification/route";
import { POST as verify } from "@/app/api/email/verify/route";
import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as resetRoute } from "@/app/api/password/reset/route";
import { POST as change } from "@/app/api/password/change/route";
import { DELETE as endOthers, GET as listSessions } from "@/app/api/sessions/route";
import { DELETE as endOne } from "@/app/api/sessions/[id]/route";
import { db } from "@/lib/server/platform/db";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { call, cookieFrom } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUser,
  createUserWithSession,
  sessionCookie,
  TEST_PASSWORD,
} from "../support/factories";
import { placeOrder, topUp } from "../wallet/support";
import { subjectsTo } from "../notifications/smtp";
import { outboxPerTest } from "../notifications/outbox";
import { onPostgres } from "../support/pg";

const smtp = outboxPerTest();

let ipSeq = 0;
/** A client address of its own per test, so one test's attempts never count in another's budget. */
const freshIp = () => `10.77.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

const send = (now = new Date(Date.now() + 1000)) =>
  sendDueNotifications({ mailer: smtp().mailer(), now });
const mailsTo = (email: string) =>
  smtp().mails.filter((m) => [m.to].flat().some((t) => t?.value.some((v) => v.address === email)));
/** The token of the link in an email (`/auth/verify?token=…`, `/auth/reset?token=…`). */
function linkToken(mail: ParsedMail, path: string): string {
  const m = new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_%-]+)`).exec(
    mail.text ?? "",
  );
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
const me = (cookie: string) => call(getUser, "/api/user", { cookie });
const NEW_PASSWORD = "orchard-ladder-2027";

async function registerUser(email: string) {
  const res = await call(register, "/api/register", {
    body: {
      fullName: "Vera Verify",
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    },
    ip: freshIp(),
  });
  expect(res.status, res.text).toBe(201);
  return { user: res.json, cookie: cookieFrom(res.setCookie) };
}

describe("verified email", () => {
  it("registration mails a link; the link verifies the address once; the user JSON says so", async () => {
    const email = `vera-${Date.now()}@example.test`;
    const { user, cookie } = await registerUser(email);
    expect(user.emailVerified).toBe(false);
    await send();
    expect(subjectsTo(smtp().mails, email)).toEqual(["Confirm your email address for Fieldfare"]);
    const mail = mailsTo(email)[0];
    expect(mail.headers.get("list-unsubscribe")).toBeUndefined();
    const token = linkToken(mail, "/auth/verify");
    // Only the token's hash is stored.
    expect(
      JSON.stringify(await db.accountToken.findMany({ where: { userId: user.id } })),
    ).not.toContain(token);

    const ok = await call(verify, "/api/email/verify", { body: { token }, ip: freshIp() });
    expect(ok.status, ok.text).toBe(200);
    expect((await me(cookie)).json.emailVerified).toBe(true);
    const again = await call(verify, "/api/email/verify", { body: { token }, ip: freshIp() });
    expect(again.status).toBe(410);
    expect(again.json.code).toBe("link_expired");
  });

  it("a verification link is dead after 24 hours, and an expired link is not even mailed", async () => {
    const { user } = await registerUser(`late-${Date.now()}@example.test`);
    await send(new Date(Date.now() + 25 * 3600_000));
    expect(smtp().mails).toHaveLength(0);
    expect((await db.notification.findFirstOrThrow({ where: { userId: user.id } })).status).toBe(
      "skipped",
    );

    const { user: u2 } = await registerUser(`late2-${Date.now()}@example.test`);
    await send();
    const token = linkToken(mailsTo(u2.email)[0], "/auth/verify");
    await db.accountToken.updateMany({
      where: { userId: u2.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await call(verify, "/api/email/verify", { body: { token }, ip: freshIp() });
    expect(res.status).toBe(410);
    expect(await db.emailVerification.count({ where: { userId: u2.id } })).toBe(0);
  });

  it("an unverified address gets no receipts; once verified it does", async () => {
    const buyer = await createUserWithSession({ emailVerified: false });
    const farmer = await createFarmerWithSession({ farmName: "Quiet Acres" });
    const carrots = await createProduct(farmer.farm.id, { priceCents: 300, stock: 100 });
    await topUp(buyer.cookie, 50);
    const first = await placeOrder(buyer.cookie, [{ productId: carrots.id, quantity: 1 }]);
    expect(first.status, first.text).toBe(201);
    await send();
    expect(subjectsTo(smtp().mails, buyer.user.email)).toEqual([]);
    expect(subjectsTo(smtp().mails, farmer.user.email)).toHaveLength(1);

    const resent = await call(resend, "/api/email/verification", {
      cookie: buyer.cookie,
      body: {},
    });
    expect(resent.status, resent.text).toBe(202);
    smtp().mails.length = 0;
    await send();
    const token = linkToken(mailsTo(buyer.user.email)[0], "/auth/verify");
    expect(
      (await call(verify, "/api/email/verify", { body: { token }, ip: freshIp() })).status,
    ).toBe(200);
    const second = await placeOrder(buyer.cookie, [{ productId: carrots.id, quantity: 1 }]);
    expect(second.status, second.text).toBe(201);
    smtp().mails.length = 0;
    await send();
    expect(subjectsTo(smtp().mails, buyer.user.email)).toHaveLength(1);
  });

  it("Resend is throttled per user: the fourth in an hour is 429", async () => {
    const u = await createUserWithSession({ emailVerified: false });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(resend, "/api/email/verification", { cookie: u.cookie, body: {} })).status,
      );
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe.runIf(onPostgres)(
  "password reset timing, on PostgreSQL (statements counted at pg's client)",
  () => {
    it("asks the database the same for an address with an account and one without", async () => {
      const user = await createUser();
      const query = vi.spyOn(pg.Client.prototype, "query");
      const statements = async (email: string) => {
        query.mockClear();
        const res = await call(forgot, "/api/password/forgot", { body: { email }, ip: freshIp() });
        expect(res.status).toBe(202);
        return query.mock.calls.length;
      };
      try {
        const known = await statements(user.email);
        const unknown = await statements(`nobody-${Date.now()}@example.test`);
        // The throttle's two counters and the one statement that writes a link and its email if
        // the address has an account: a transaction of its own for known addresses took 24 ms
        // against 15 ms, which told them apart.
        expect(known).toBe(unknown);
        expect(await db.accountToken.count({ where: { userId: user.id } })).toBe(1);
      } finally {
        query.mockRestore();
      }
    });
  },
);

describe("password reset", () => {
  it("answers the same for a known and an unknown email; only the account's address gets a link", async () => {
    const user = await createUser();
    const known = await call(forgot, "/api/password/forgot", {
      body: { email: user.email.toUpperCase() },
      ip: freshIp(),
    });
    const unknown = await call(forgot, "/api/password/forgot", {
      body: { email: `nobody-${Date.now()}@example.test` },
      ip: freshIp(),
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    await send();
    expect(smtp().mails.map((m) => m.subject)).toEqual(["Reset your Fieldfare password"]);
    expect(subjectsTo(smtp().mails, user.email)).toHaveLength(1);
  });

  it("a reset link is sent to an unverified address too", async () => {
    const user = await createUser({ emailVerified: false });
    await call(forgot, "/api/password/forgot", { body: { email: user.email }, ip: freshIp() });
    await send();
    expect(subjectsTo(smtp().mails, user.email)).toEqual(["Reset your Fieldfare password"]);
  });

  it("the link sets the password, signs in, ends every other session, verifies the address, and works once", async () => {
    const user = await createUser({ emailVerified: false });
    const other = await sessionCookie(user.id);
    await call(forgot, "/api/password/forgot", { body: { email: user.email }, ip: freshIp() });
    await send();
    const token = linkToken(mailsTo(user.email)[0], "/auth/reset");

    const short = await call(resetRoute, "/api/password/reset", {
      body: { token, password: "short-pw", confirmPassword: "short-pw" },
      ip: freshIp(),
    });
    expect(short.status).toBe(400);
    expect(short.json.errors.password).toBe("Password must be at least 10 characters");

    const res = await call(resetRoute, "/api/password/reset", {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip: freshIp(),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: user.id, emailVerified: true });
    const fresh = cookieFrom(res.setCookie);
    expect((await me(fresh)).status).toBe(200);
    expect((await me(other)).status).toBe(401);

    const reuse = await call(resetRoute, "/api/password/reset", {
      body: { token, password: "another-long-pass", confirmPassword: "another-long-pass" },
      ip: freshIp(),
    });
    expect(reuse.status).toBe(410);
    const old = await call(login, "/api/login", {
      body: { username: user.email, password: TEST_PASSWORD },
      ip: freshIp(),
    });
    expect(old.status).toBe(401);
    const next = await call(login, "/api/login", {
      body: { username: user.email, password: NEW_PASSWORD },
      ip: freshIp(),
    });
    expect(next.status).toBe(200);
  });

  it("a reset link is dead after 30 minutes", async () => {
    const user = await createUser();
    await call(forgot, "/api/password/forgot", { body: { email: user.email }, ip: freshIp() });
    await send();
    const token = linkToken(mailsTo(user.email)[0], "/auth/reset");
    const row = await db.accountToken.findFirstOrThrow({
      where: { userId: user.id, purpose: "password_reset" },
    });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(
      30 * 60_000 + 1000,
    );
    await db.accountToken.update({
      where: { id: row.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const res = await call(resetRoute, "/api/password/reset", {
      body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip: freshIp(),
    });
    expect(res.status).toBe(410);
  });

  it("is throttled per email (any account or none) and per client address", async () => {
    const user = await createUser();
    const perEmail = [];
    for (let i = 0; i < 4; i++)
      perEmail.push(
        (await call(forgot, "/api/password/forgot", { body: { email: user.email }, ip: freshIp() }))
          .status,
      );
    expect(perEmail).toEqual([202, 202, 202, 429]);
    const nobody = `ghost-${Date.now()}@example.test`;
    const ghost = [];
    for (let i = 0; i < 4; i++)
      ghost.push(
        (await call(forgot, "/api/password/forgot", { body: { email: nobody }, ip: freshIp() }))
          .status,
      );
    expect(ghost).toEqual(perEmail);

    const ip = freshIp();
    const perIp = [];
    for (let i = 0; i < 21; i++)
      perIp.push(
        (
          await call(forgot, "/api/password/forgot", {
            body: { email: `spray-${i}-${Date.now()}@example.test` },
            ip,
          })
        ).status,
      );
    expect(perIp.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(perIp[20]).toBe(429);

    const guesses = [];
    const guessIp = freshIp();
    for (let i = 0; i < 21; i++)
      guesses.push(
        (
          await call(resetRoute, "/api/password/reset", {
            body: { token: "x".repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
            ip: guessIp,
          })
        ).status,
      );
    expect(guesses.slice(0, 20).every((s) => s === 410)).toBe(true);
    expect(guesses[20]).toBe(429);
  });
});

describe("change password and sessions", () => {
  it("asks the current password (a wrong one is 400 and counts as a failed sign-in) and ends the other sessions", async () => {
    const user = await createUser();
    const here = await sessionCookie(user.id);
    const elsewhere = await sessionCookie(user.id);
    const ip = freshIp();
    const wrong = await call(change, "/api/password/change", {
      cookie: here,
      body: { currentPassword: "not-it", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.currentPassword).toBe("Your current password is not right");
    const ok = await call(change, "/api/password/change", {
      cookie: here,
      body: {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      ip,
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
  });

  it("wrong current passwords share the sign-in budget: the 11th attempt is refused unchecked", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user.id);
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await call(change, "/api/password/change", {
            cookie,
            body: {
              currentPassword: `nope-${i}`,
              password: NEW_PASSWORD,
              confirmPassword: NEW_PASSWORD,
            },
            ip,
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // The same budget as sign-in: the right password is not even checked from this address now.
    const signIn = await call(login, "/api/login", {
      body: { username: user.email, password: TEST_PASSWORD },
      ip,
    });
    expect(signIn.status).toBe(429);
  });

  it("lists the sessions (this one first), ends one, ends every other, and never someone else's", async () => {
    const user = await createUser();
    const here = await sessionCookie(user.id);
    const phone = await sessionCookie(user.id);
    await sessionCookie(user.id);
    const stranger = await createUserWithSession();

    const list = await call(listSessions, "/api/sessions", { cookie: here });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(3);
    expect(list.json[0]).toMatchObject({ current: true, userAgent: "vitest" });
    expect(list.json.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const target = list.json[1].id as string;

    const notYours = await call(endOne, `/api/sessions/${target}`, {
      method: "DELETE",
      cookie: stranger.cookie,
      params: { id: target },
    });
    expect(notYours.status).toBe(404);
    const garbage = await call(endOne, "/api/sessions/zz", {
      method: "DELETE",
      cookie: here,
      params: { id: "zz" },
    });
    expect(garbage.status).toBe(404);

    const one = await call(endOne, `/api/sessions/${target}`, {
      method: "DELETE",
      cookie: here,
      params: { id: target },
    });
    expect(one.status).toBe(200);
    expect((await call(listSessions, "/api/sessions", { cookie: here })).json).toHaveLength(2);

    const rest = await call(endOthers, "/api/sessions", { method: "DELETE", cookie: here });
    expect(rest.json).toEqual({ ended: 1 });
    expect((await me(here)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await call(listSessions, "/api/sessions", { cookie: here })).json).toHaveLength(1);
    expect((await me(stranger.cookie)).status).toBe(200);
  });

  it("sign-outs are throttled per user", async () => {
    const u = await createUserWithSession();
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await call(endOthers, "/api/sessions", { method: "DELETE", cookie: u.cookie })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
