/**
 * Two-step sign-in and passkeys through their route handlers (docs/accounts.md): TOTP codes
 * computed here from the secret the API hands out, each code and recovery code used once, the
 * throttle, and the rule that staff without two-step reach no money action (walked through the
 * contract registry).
 */
import { describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { endpoints } from "@/lib/contracts/index";
import { POST as login } from "@/app/api/login/route";
import { POST as twoStepLogin } from "@/app/api/login/two-step/route";
import { POST as passkeyLogin } from "@/app/api/login/passkey/route";
import { POST as passkeyLoginOptions } from "@/app/api/login/passkey/options/route";
import { GET as listPasskeys, POST as addPasskey } from "@/app/api/passkeys/route";
import { POST as passkeyOptions } from "@/app/api/passkeys/options/route";
import { DELETE as removePasskey } from "@/app/api/passkeys/[id]/route";
import {
  DELETE as twoStepOff,
  GET as twoStepStatus,
  POST as twoStepOn,
} from "@/app/api/two-step/route";
import { POST as twoStepSetup } from "@/app/api/two-step/setup/route";
import { GET as userGET } from "@/app/api/user/route";
import { db } from "@/lib/server/platform/db";
import { TWO_STEP_NEEDED } from "@/lib/server/auth/two-step-rule";
import { call, cookieFrom, expectError } from "../support/http";
import { createUserWithSession, TEST_PASSWORD } from "../support/factories";
import { callOps, createStaff } from "../ops/support";

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at });

/** A user with two-step on: the secret, the recovery codes and the code used to turn it on. */
async function withTwoStep() {
  const u = await createUserWithSession();
  const setup = await call(twoStepSetup, "/api/two-step/setup", {
    method: "POST",
    cookie: u.cookie,
  });
  expect(setup.status).toBe(200);
  expect(setup.json.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(setup.json.otpauthUrl).toContain(`secret=${setup.json.secret}`);
  const secret = setup.json.secret as string;
  const enableCode = codeAt(secret, Date.now());
  const on = await call(twoStepOn, "/api/two-step", {
    body: { code: enableCode },
    cookie: u.cookie,
    ip: freshIp(),
  });
  expect(on.status).toBe(200);
  return { ...u, secret, enableCode, recoveryCodes: on.json.recoveryCodes as string[] };
}

/** A password sign-in: the two-step cookie when it stops at the first step. */
async function firstStep(email: string, ip: string) {
  const res = await call(login, "/api/login", {
    body: { username: email, password: TEST_PASSWORD },
    ip,
  });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ twoStep: true });
  expect(res.setCookie).toMatch(/^ff_two_step=[A-Za-z0-9_-]{43}; Path=\/api\/login; HttpOnly/);
  return cookieFrom(res.setCookie);
}
const secondStep = (cookie: string, code: string, ip: string) =>
  call(twoStepLogin, "/api/login/two-step", { body: { code }, cookie, ip });

describe("two-step sign-in", () => {
  it("turns on with a code, hands out ten recovery codes once, and the user JSON says so", async () => {
    const u = await withTwoStep();
    expect(u.recoveryCodes).toHaveLength(10);
    expect(new Set(u.recoveryCodes).size).toBe(10);
    for (const c of u.recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    // Stored hashed: no code appears in the table.
    const rows = await db.recoveryCode.findMany({ where: { userId: u.user.id } });
    expect(rows).toHaveLength(10);
    for (const c of u.recoveryCodes) expect(JSON.stringify(rows)).not.toContain(c);
    // Stored sealed: the secret does not appear either.
    const row = await db.twoStep.findUniqueOrThrow({ where: { userId: u.user.id } });
    expect(row.secret).not.toContain(u.secret);
    const status = await call(twoStepStatus, "/api/two-step", { cookie: u.cookie });
    expect(status.json).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const me = await call(userGET, "/api/user", { cookie: u.cookie });
    expect(me.json).toMatchObject({ twoStep: true, twoStepRequired: false });
    // A second set-up while it is on is refused.
    const again = await call(twoStepSetup, "/api/two-step/setup", {
      method: "POST",
      cookie: u.cookie,
    });
    expect(again.status).toBe(409);
  });

  it("a wrong code does not turn it on", async () => {
    const u = await createUserWithSession();
    const setup = await call(twoStepSetup, "/api/two-step/setup", {
      method: "POST",
      cookie: u.cookie,
    });
    const wrong = String((Number(codeAt(setup.json.secret, Date.now())) + 1) % 1_000_000).padStart(
      6,
      "0",
    );
    const res = await call(twoStepOn, "/api/two-step", {
      body: { code: wrong },
      cookie: u.cookie,
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ code: "That code is not right" });
    const status = await call(twoStepStatus, "/api/two-step", { cookie: u.cookie });
    expect(status.json.enabled).toBe(false);
  });

  it("password then code signs in; each TOTP code works once", async () => {
    const u = await withTwoStep();
    const ip = freshIp();
    const pending = await firstStep(u.user.email, ip);
    // The code that turned it on is spent already.
    expectError(
      await secondStep(pending, u.enableCode, ip),
      400,
      "validation",
      "That code is not right",
    );
    const next = codeAt(u.secret, Date.now() + 30_000);
    const ok = await secondStep(pending, next, ip);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: u.user.id, email: u.user.email, twoStep: true });
    const session = ok.headers
      .getSetCookie()
      .find((c) => c.startsWith("ff_session="))!
      .split(";")[0];
    expect((await call(userGET, "/api/user", { cookie: session })).json.id).toBe(u.user.id);
    // The pending sign-in is used up, and the code is refused on a fresh one.
    expect((await secondStep(pending, next, ip)).status).toBe(401);
    const again = await firstStep(u.user.email, ip);
    expectError(await secondStep(again, next, ip), 400, "validation", "That code is not right");
  });

  it("a recovery code signs in once; the second time it is refused", async () => {
    const u = await withTwoStep();
    const ip = freshIp();
    const code = u.recoveryCodes[3];
    const first = await secondStep(await firstStep(u.user.email, ip), code.toLowerCase(), ip);
    expect(first.status).toBe(200);
    const second = await secondStep(await firstStep(u.user.email, ip), code, ip);
    expectError(second, 400, "validation", "That code is not right");
    const status = await call(twoStepStatus, "/api/two-step", { cookie: u.cookie });
    expect(status.json.recoveryCodesLeft).toBe(9);
  });

  it("without the first step's cookie, or with a made-up one, there is nothing to complete (401)", async () => {
    const ip = freshIp();
    const none = await call(twoStepLogin, "/api/login/two-step", { body: { code: "123456" }, ip });
    expectError(none, 401, "unauthenticated", "Your sign-in timed out. Please sign in again.");
    const forged = await secondStep(`ff_two_step=${"a".repeat(43)}`, "123456", ip);
    expect(forged.status).toBe(401);
  });

  it("codes are throttled like sign-in: past 10 wrong ones even the right code is refused (429)", async () => {
    const u = await withTwoStep();
    const ip = freshIp();
    const pending = await firstStep(u.user.email, ip);
    for (let i = 0; i < 10; i++) expect((await secondStep(pending, "000000", ip)).status).toBe(400);
    const refused = await secondStep(pending, codeAt(u.secret, Date.now() + 30_000), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("turns off with a code; then the password alone signs in again", async () => {
    const u = await withTwoStep();
    const ip = freshIp();
    const off = await call(twoStepOff, "/api/two-step", {
      method: "DELETE",
      body: { code: u.recoveryCodes[0] },
      cookie: u.cookie,
      ip,
    });
    expect(off.status).toBe(200);
    expect(await db.recoveryCode.count({ where: { userId: u.user.id } })).toBe(0);
    const res = await call(login, "/api/login", {
      body: { username: u.user.email, password: TEST_PASSWORD },
      ip,
    });
    expect(res.json).toMatchObject({ id: u.user.id, twoStep: false });
  });
});

describe("two-step sign-in is required before money actions", () => {
  it("a staff account without two-step reaches no money action in the registry (403 two_step_required)", async () => {
    const staff = await createStaff(false, { twoStep: false });
    // A call without a session (a signed email link) is authorised by its token, not a sign-in.
    const money = endpoints.filter((e) => e.moneyAction && e.auth !== "none");
    expect(money.length).toBeGreaterThanOrEqual(14);
    const answers: string[] = [];
    for (const e of money) {
      const params = Object.fromEntries([...e.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], "1"]));
      const res = await callOps(e, params, {
        cookie: staff.cookie,
        body: {},
        headers: { "idempotency-key": `two-step-${e.method}-${e.path}` },
      });
      answers.push(`${e.method} ${e.path} ${res.status} ${res.json?.code}`);
      if (res.status === 403) expect(res.json.message).toBe(TWO_STEP_NEEDED);
    }
    expect(answers).toEqual(money.map((e) => `${e.method} ${e.path} 403 two_step_required`));
    const me = await call(userGET, "/api/user", { cookie: staff.cookie });
    expect(me.json).toMatchObject({ staff: true, twoStep: false, twoStepRequired: true });
  });

  it("a farm with payouts set up is refused too; a shopper is not", async () => {
    const farmer = await createUserWithSession({ userType: "farmer" });
    const farm = await db.farm.create({
      data: { userId: farmer.user.id, farmName: "Payout Farm", location: "Kelowna, BC" },
    });
    await db.farmAccount.create({ data: { farmId: farm.id, stripeAccountId: `acct_${farm.id}x` } });
    const topUp = endpoints.find((e) => e.path === "/api/transactions/topup")!;
    const refused = await callOps(topUp, {}, { cookie: farmer.cookie, body: { amount: 5 } });
    expectError(refused, 403, "two_step_required", TWO_STEP_NEEDED);
    const shopper = await createUserWithSession();
    const ok = await callOps(topUp, {}, { cookie: shopper.cookie, body: { amount: 5 } });
    expect(ok.status).toBe(200);
  });
});

describe("passkeys API", () => {
  it("lists none, hands out a registration challenge for this site, and refuses a made-up answer", async () => {
    const u = await createUserWithSession();
    expect((await call(listPasskeys, "/api/passkeys", { cookie: u.cookie })).json).toEqual([]);
    const options = await call(passkeyOptions, "/api/passkeys/options", {
      method: "POST",
      cookie: u.cookie,
    });
    expect(options.status).toBe(200);
    expect(options.json.rp).toEqual({ name: "Fieldfare", id: "localhost" });
    expect(options.json.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(
      await db.authChallenge.count({
        where: { key: options.json.challenge, purpose: "passkey_register", userId: u.user.id },
      }),
    ).toBe(1);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.json.challenge,
        origin: "http://localhost:3000",
      }),
    ).toString("base64url");
    const bogus = await call(addPasskey, "/api/passkeys", {
      cookie: u.cookie,
      body: {
        name: "Laptop",
        credential: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: { clientDataJSON, attestationObject: "AAAA" },
          clientExtensionResults: {},
        },
      },
    });
    expectError(bogus, 400, "validation", "This passkey could not be added");
    // The challenge was used by that attempt.
    expect(await db.authChallenge.count({ where: { key: options.json.challenge } })).toBe(0);
  });

  it("removes only your own passkey (404 for anyone else's)", async () => {
    const a = await createUserWithSession();
    const b = await createUserWithSession();
    const pk = await db.passkey.create({
      data: {
        userId: b.user.id,
        credentialId: `cred-${b.user.id}`,
        publicKey: Buffer.from([1]),
        name: "B's key",
      },
    });
    const foreign = await call(removePasskey, `/api/passkeys/${pk.id}`, {
      method: "DELETE",
      cookie: a.cookie,
      params: { id: String(pk.id) },
    });
    expectError(foreign, 404, "not_found", "Passkey not found");
    const own = await call(removePasskey, `/api/passkeys/${pk.id}`, {
      method: "DELETE",
      cookie: b.cookie,
      params: { id: String(pk.id) },
    });
    expect(own.status).toBe(200);
    expect(await db.passkey.count({ where: { id: pk.id } })).toBe(0);
  });

  it("a sign-in challenge is single use; an unknown passkey does not sign in (401)", async () => {
    const ip = freshIp();
    const options = await call(passkeyLoginOptions, "/api/login/passkey/options", {
      method: "POST",
      ip,
    });
    expect(options.status).toBe(200);
    expect(options.json).toMatchObject({ rpId: "localhost", userVerification: "required" });
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: options.json.challenge,
        origin: "http://localhost:3000",
      }),
    ).toString("base64url");
    const credential = {
      id: "dW5rbm93bg",
      rawId: "dW5rbm93bg",
      type: "public-key",
      response: { clientDataJSON, authenticatorData: "AAAA", signature: "AAAA" },
      clientExtensionResults: {},
    };
    const unknown = await call(passkeyLogin, "/api/login/passkey", { body: { credential }, ip });
    expectError(unknown, 401, "invalid_credentials", "This passkey could not sign you in");
    expect(unknown.setCookie).toBeNull();
    const replay = await call(passkeyLogin, "/api/login/passkey", { body: { credential }, ip });
    expectError(
      replay,
      401,
      "invalid_credentials",
      "The passkey request timed out. Please try again.",
    );
  });
});
