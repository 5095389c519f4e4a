import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { opsApi } from "@/lib/contracts/ops";
import * as walletRoute from "@/app/api/wallet/route";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import type { SignedEvent } from "../support/stripe-emulator";
import { callOps, createStaff } from "../ops/support";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { onPostgres } from "../support/pg";
import { deliver, stripeForThisFile } from "./support";

checkLedgerAfterEach();
const stripe = stripeForThisFile();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
let carrots: Awaited<ReturnType<typeof createProduct>>;
beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Rita Refund" });
  const { farm } = await createFarm({ farmName: "Refund Ridge Farm" });
  carrots = await createProduct(farm.id, { name: "Carrots", priceCents: 300, stock: 100 });
});

/** A card top-up paid through the emulator and credited; returns its Checkout Session id. */
async function paidTopUp(amount: number): Promise<string> {
  const started = await topUp(me.cookie, amount);
  expect(started.status).toBe(202);
  const sessionId = new URL(started.json.checkoutUrl).pathname.split("/").pop()!;
  await send(stripe.emulator().pay(sessionId));
  return sessionId;
}

async function send(event: { payload: string; signature: string }) {
  const res = await deliver(event.payload, event.signature);
  expect(res.status, res.text).toBe(200);
}

/** The same object signed again under a new event id, as Stripe re-sends it. */
const resent = (signed: SignedEvent) =>
  stripe
    .emulator()
    .sign(
      String(signed.event.type),
      (signed.event.data as { object: Record<string, unknown> }).object,
    );

const refundRows = () =>
  db.transaction.findMany({
    where: { userId: me.user.id, reference: { startsWith: "REFUND-" } },
    orderBy: { id: "asc" },
  });
const wallet = () => call(walletRoute.GET, "/api/wallet", { cookie: me.cookie });

describe("a card top-up refunded in Stripe", () => {
  it("takes each refund's cents from the wallet once, partial refunds too", async () => {
    const session = await paidTopUp(50);
    const first = stripe.emulator().refund(session, 1200);
    await send(first.created);
    await send(resent(first.created));
    // charge.refunded listing the same refund books nothing more.
    await send(first.charge);
    expect(await balanceCents(me.user.id)).toBe(3800);
    const second = stripe.emulator().refund(session, 800);
    // Out of order: the charge (listing both refunds) before the second refund's own event.
    await send(second.charge);
    await send(second.created);
    expect(await balanceCents(me.user.id)).toBe(3000);
    expect((await refundRows()).map((t) => [t.reference, t.amountCents])).toEqual([
      [`REFUND-${first.refundId}`, -1200],
      [`REFUND-${second.refundId}`, -800],
    ]);
    expect((await wallet()).json).toEqual(
      expect.not.objectContaining({ onHold: expect.anything() }),
    );
  });

  it("holds the wallet when the balance no longer covers the refund, and says why", async () => {
    const session = await paidTopUp(50);
    expect((await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 1 }])).status).toBe(
      201,
    );
    const full = stripe.emulator().refund(session);
    await send(full.created);
    await send(full.charge);
    // Nothing taken (the balance cannot go below 0): the wallet is held for ops instead.
    expect(await balanceCents(me.user.id)).toBe(4700);
    expect(await refundRows()).toEqual([]);
    expect((await wallet()).json).toMatchObject({
      balance: 47,
      onHold: true,
      holdReason: "refund",
    });
    const buy = await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 1 }]);
    expect(buy.status).toBe(409);
    expect(buy.json).toMatchObject({
      code: "wallet_frozen",
      message: expect.stringContaining("a card top-up was refunded to your card"),
    });
    const staff = await createStaff();
    const holds = await callOps(opsApi.walletHolds, {}, { cookie: staff.cookie });
    expect(holds.status).toBe(200);
    const mine = (holds.json as { hold: Record<string, unknown> }[]).filter(
      (h) => h.hold.stripeId === full.refundId,
    );
    expect(mine.map((h) => h.hold)).toEqual([
      expect.objectContaining({
        kind: "refund",
        amount: 50,
        reason: "refunded to the card; the wallet held $47.00",
      }),
    ]);
  });

  it("gives a debited refund back when it fails, once", async () => {
    const session = await paidTopUp(20);
    const r = stripe.emulator().refund(session, 500);
    await send(r.created);
    expect(await balanceCents(me.user.id)).toBe(1500);
    const object = (r.created.event.data as { object: Record<string, unknown> }).object;
    const failed = stripe.emulator().sign("refund.failed", { ...object, status: "failed" });
    await send(failed);
    await send(resent(failed));
    await send(r.created);
    expect(await balanceCents(me.user.id)).toBe(2000);
    expect((await refundRows()).map((t) => t.amountCents)).toEqual([-500, 500]);
  });

  it("refuses a refund of a payment we have not booked (409, kept nowhere) so Stripe sends it again", async () => {
    await paidTopUp(10);
    const early = stripe.emulator().sign("refund.created", {
      id: "re_unknown_1",
      object: "refund",
      amount: 1000,
      payment_intent: "pi_not_ours",
      status: "succeeded",
    });
    const res = await deliver(early.payload, early.signature);
    expect(res.status, res.text).toBe(409);
    expect(res.json.code).toBe("conflict");
    expect(await db.stripeEvent.count({ where: { id: JSON.parse(early.payload).id } })).toBe(0);
    expect(await db.cardRefund.count({ where: { refundId: "re_unknown_1" } })).toBe(0);
    expect(await balanceCents(me.user.id)).toBe(1000);
  });
});

describe.runIf(onPostgres)("refund events racing on PostgreSQL", () => {
  it("a refund's events delivered at once debit it once", async () => {
    const session = await paidTopUp(40);
    const r = stripe.emulator().refund(session, 1500);
    const events = [r.created, r.charge, resent(r.created), resent(r.charge), r.created];
    const answers = await Promise.all(events.map((e) => deliver(e.payload, e.signature)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceCents(me.user.id)).toBe(2500);
    expect((await refundRows()).map((t) => t.amountCents)).toEqual([-1500]);
  });
});
