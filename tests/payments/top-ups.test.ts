import { describe, expect, it, beforeEach } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as configRoute from "@/app/api/payments/config/route";
import * as topUpStatusRoute from "@/app/api/payments/top-ups/[id]/route";
import { call } from "../support/http";
import { createUserWithSession } from "../support/factories";
import { withEnv } from "../support/env";
import { onPostgres } from "../support/pg";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { captureConsole } from "../support/console";
import { deliver, stripeForThisFile } from "./support";

checkLedgerAfterEach();
const stripe = stripeForThisFile();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Carla Card" });
});

/** Starts a card top-up and returns its id and Checkout Session id. */
async function start(amount: number, key?: string) {
  const res = await topUp(me.cookie, amount, key);
  expect(res.status).toBe(202);
  const row = await db.topUp.findUniqueOrThrow({ where: { id: res.json.topUp.id } });
  return { res, id: row.id, sessionId: row.sessionId! };
}

function status(cookie: string, id: number) {
  return call(topUpStatusRoute.GET, `/api/payments/top-ups/${id}`, {
    cookie,
    params: { id: String(id) },
  });
}

describe("GET /api/payments/config", () => {
  it("names the stripe provider when STRIPE_SECRET_KEY is set, and the 8 % commission", async () => {
    const res = await call(configRoute.GET, "/api/payments/config");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ provider: "stripe", currency: "usd", commissionRate: 0.08 });
  });

  it("is the demo provider without keys, and follows COMMISSION_BPS", async () => {
    await withEnv({ STRIPE_SECRET_KEY: undefined, COMMISSION_BPS: "1250" }, async () => {
      const res = await call(configRoute.GET, "/api/payments/config");
      expect(res.json).toEqual({ provider: "demo", currency: "usd", commissionRate: 0.125 });
      // The demo provider's top-up is today's instant credit.
      const instant = await topUp(me.cookie, 12.5);
      expect(instant.status).toBe(200);
      expect(instant.json.wallet.balance).toBe(12.5);
    });
  });
});

describe("card top-ups (stripe)", () => {
  it("opens a Checkout Session for exactly the amount and credits nothing until the webhook", async () => {
    const { res, id, sessionId } = await start(42.37);
    expect(res.json).toEqual({
      topUp: { id, amount: 42.37, status: "pending" },
      checkoutUrl: `${stripe.emulator().url}/pay/${sessionId}`,
    });
    const session = stripe.emulator().sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 4237,
      currency: "usd",
      client_reference_id: String(id),
      success_url: `http://localhost:3000/wallet?topUp=${id}`,
    });
    expect(await balanceCents(me.user.id)).toBe(0);
    expect((await status(me.cookie, id)).json).toEqual({ id, amount: 42.37, status: "pending" });
  });

  it("credits once on the signed checkout.session.completed, with reference TOPUP-{id}", async () => {
    const { id, sessionId } = await start(25);
    const { payload, signature } = stripe.emulator().pay(sessionId);
    const res = await deliver(payload, signature);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(await balanceCents(me.user.id)).toBe(2500);
    const rows = await db.transaction.findMany({ where: { userId: me.user.id } });
    expect(rows).toMatchObject([
      { type: "top_up", amountCents: 2500, reference: `TOPUP-${id}`, description: "Card top-up" },
    ]);
    expect((await status(me.cookie, id)).json).toEqual({ id, amount: 25, status: "paid" });
  });

  it("changes nothing on replays, on another event for the same session, or on a late expiry", async () => {
    const { id, sessionId } = await start(10);
    const paid = stripe.emulator().pay(sessionId);
    for (let i = 0; i < 3; i++)
      expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    // A second event id for the same session (Stripe may send async_payment_succeeded too).
    const session = stripe.emulator().sessions.get(sessionId)!;
    const other = stripe.emulator().sign("checkout.session.async_payment_succeeded", session);
    expect((await deliver(other.payload, other.signature)).status).toBe(200);
    const expired = stripe
      .emulator()
      .sign("checkout.session.expired", { ...session, status: "expired" });
    expect((await deliver(expired.payload, expired.signature)).status).toBe(200);
    expect(await balanceCents(me.user.id)).toBe(1000);
    expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(1);
    expect((await db.topUp.findUniqueOrThrow({ where: { id } })).status).toBe("paid");
  });

  it("an expiry before payment marks the top-up expired and credits nothing", async () => {
    const { id, sessionId } = await start(10);
    const session = stripe.emulator().sessions.get(sessionId)!;
    const expired = stripe
      .emulator()
      .sign("checkout.session.expired", { ...session, status: "expired" });
    expect((await deliver(expired.payload, expired.signature)).status).toBe(200);
    expect((await status(me.cookie, id)).json.status).toBe("expired");
    expect(await balanceCents(me.user.id)).toBe(0);
  });

  const wrong: [string, Record<string, unknown>, RegExp][] = [
    ["amount", { amount_total: 999 }, /amount 999 instead of 1000/],
    ["currency", { currency: "cad" }, /currency cad instead of usd/],
    ["user", { metadata: { userId: "999999", topUpId: "x" } }, /user 999999 instead of/],
    ["session", { id: "cs_test_someone_else" }, /not the top-up's session/],
  ];
  it.each(wrong)(
    "a paid session with the wrong %s fails the top-up and credits nothing",
    async (_, change, reason) => {
      const { id, sessionId } = await start(10);
      const { payload, signature } = stripe.emulator().pay(sessionId, change);
      expect((await deliver(payload, signature)).status).toBe(200);
      const after = await status(me.cookie, id);
      expect(after.json).toMatchObject({
        id,
        status: "failed",
        failureReason: expect.stringMatching(reason),
      });
      expect(await balanceCents(me.user.id)).toBe(0);
      // The right event later does not revive it.
      const right = stripe.emulator().pay(sessionId);
      expect((await deliver(right.payload, right.signature)).status).toBe(200);
      expect(await balanceCents(me.user.id)).toBe(0);
    },
  );

  it("answers 200 and writes nothing for a verified event it does not handle", async () => {
    const { payload, signature } = stripe.emulator().sign("customer.created", { id: "cus_1" });
    expect((await deliver(payload, signature)).status).toBe(200);
    expect(await db.stripeEvent.count({ where: { type: "customer.created" } })).toBe(1);
  });

  it("the same Idempotency-Key answers the same top-up and session; another amount is 409", async () => {
    const first = await start(5, "card-key-1");
    const again = await topUp(me.cookie, 5, "card-key-1");
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.topUp.id).toBe(first.id);
    expect(again.json.checkoutUrl).toBe(first.res.json.checkoutUrl);
    expect((await topUp(me.cookie, 6, "card-key-1")).status).toBe(409);
    expect(await db.topUp.count({ where: { userId: me.user.id } })).toBe(1);
  });

  it("someone else's top-up is a 404, like an unknown one; signed out is 401", async () => {
    const { id } = await start(5);
    const other = await createUserWithSession();
    expect((await status(other.cookie, id)).status).toBe(404);
    expect((await status(me.cookie, id + 1000)).status).toBe(404);
    expect((await status("", id)).status).toBe(401);
  });

  it("answers 503 without writing a session when Stripe cannot be reached", async () => {
    await withEnv({ STRIPE_API_URL: "http://127.0.0.1:9" }, async () => {
      const res = await topUp(me.cookie, 5);
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/Card payments are unavailable/);
    });
    expect(await db.topUp.count({ where: { userId: me.user.id, sessionId: { not: null } } })).toBe(
      0,
    );
  });
});

describe("POST /api/webhooks/stripe refuses what Stripe did not sign", () => {
  async function paidEvent() {
    const { sessionId } = await start(10);
    return stripe.emulator().pay(sessionId);
  }

  async function expectNothingWritten() {
    expect(await balanceCents(me.user.id)).toBe(0);
    expect(await db.stripeEvent.count()).toBe(0);
    expect(
      await db.topUp.count({ where: { userId: me.user.id, status: { not: "pending" } } }),
    ).toBe(0);
  }

  beforeEach(async () => {
    await db.stripeEvent.deleteMany();
  });

  it("unsigned", async () => {
    const { payload } = await paidEvent();
    const res = await deliver(payload, null);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_webhook", message: expect.any(String) });
    await expectNothingWritten();
  });

  it("tampered (the amount changed after signing)", async () => {
    const { payload, signature } = await paidEvent();
    const res = await deliver(
      payload.replace('"amount_total": 1000', '"amount_total": 100000'),
      signature,
    );
    expect(res.status).toBe(400);
    await expectNothingWritten();
  });

  it("signed with another secret", async () => {
    const { payload } = await paidEvent();
    const { default: Stripe } = await import("stripe");
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" });
    expect((await deliver(payload, forged)).status).toBe(400);
    await expectNothingWritten();
  });

  it("stale (signed more than 300 s ago), and says why in the log", async () => {
    const { sessionId } = await start(10);
    const session = { ...stripe.emulator().sessions.get(sessionId)!, payment_status: "paid" };
    const old = stripe.emulator().sign("checkout.session.completed", session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    let status = 0;
    const logged = await captureConsole(async () => {
      status = (await deliver(old.payload, old.signature)).status;
    });
    expect(status).toBe(400);
    expect(logged).toEqual([
      expect.stringMatching(/^\[payments\] webhook refused: .*(tolerance|Timestamp)/),
    ]);
    await expectNothingWritten();
  });

  it("oversized (over 256 KB), and garbage", async () => {
    const { signature } = await paidEvent();
    const big = await deliver(JSON.stringify({ pad: "x".repeat(300 * 1024) }), signature);
    expect(big.status).toBe(400);
    expect(big.json.code).toBe("invalid_webhook");
    const garbage = await deliver("not json at all", "t=1,v1=abc");
    expect(garbage.status).toBe(400);
    await expectNothingWritten();
  });

  it("anything when the stripe provider is off", async () => {
    const { payload, signature } = await paidEvent();
    await withEnv({ STRIPE_SECRET_KEY: undefined }, async () => {
      expect((await deliver(payload, signature)).status).toBe(400);
    });
    await expectNothingWritten();
  });
});

describe.runIf(onPostgres)("parallel deliveries on PostgreSQL", () => {
  it("20 parallel deliveries of one checkout.session.completed credit once", async () => {
    const { id, sessionId } = await start(77.7);
    const { payload, signature } = stripe.emulator().pay(sessionId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(payload, signature)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balanceCents(me.user.id)).toBe(7770);
    expect(await db.transaction.count({ where: { reference: `TOPUP-${id}` } })).toBe(1);
  });

  it("20 different events for one paid session, delivered at once, credit once", async () => {
    const { id, sessionId } = await start(3);
    stripe.emulator().pay(sessionId);
    const session = stripe.emulator().sessions.get(sessionId)!;
    const events = Array.from({ length: 20 }, () =>
      stripe.emulator().sign("checkout.session.completed", session),
    );
    const answers = await Promise.all(events.map((e) => deliver(e.payload, e.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balanceCents(me.user.id)).toBe(300);
    expect(await db.transaction.count({ where: { reference: `TOPUP-${id}` } })).toBe(1);
  });
});
