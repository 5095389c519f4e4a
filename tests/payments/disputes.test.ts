import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import * as walletRoute from "@/app/api/wallet/route";
import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { deliver, stripeForThisFile } from "./support";

checkLedgerAfterEach();
const stripe = stripeForThisFile();

const ON_HOLD = "Your wallet is on hold while a card payment is disputed.";

/** Dispute ids unique to each test: the file's database lives across its tests. */
let dp = "";
const DP = (n: number) => `${dp}_${n}`;
let me: Awaited<ReturnType<typeof createUserWithSession>>;
let carrots: Awaited<ReturnType<typeof createProduct>>;
beforeEach(async () => {
  dp = `dp_test_${Math.random().toString(36).slice(2, 10)}`;
  me = await createUserWithSession({ fullName: "Dana Dispute" });
  const { farm } = await createFarm({ farmName: "Hold Fast Farm" });
  carrots = await createProduct(farm.id, { name: "Carrots", priceCents: 300, stock: 100 });
});

/** A card top-up paid through the emulator and credited; returns its PaymentIntent. */
async function paidTopUp(amount: number): Promise<string> {
  const started = await topUp(me.cookie, amount);
  expect(started.status).toBe(202);
  const sessionId = new URL(started.json.checkoutUrl).pathname.split("/").pop()!;
  const paid = stripe.emulator().pay(sessionId);
  expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
  return stripe.emulator().sessions.get(sessionId)!.payment_intent as string;
}

/** A signed `charge.dispute.*` event as Stripe sends it (a Dispute object). */
function dispute(type: "created" | "closed", paymentIntent: string, over: object = {}) {
  return stripe.emulator().sign(`charge.dispute.${type}`, {
    id: DP(1),
    object: "dispute",
    amount: 5000,
    currency: "usd",
    charge: "ch_test_1",
    payment_intent: paymentIntent,
    reason: "fraudulent",
    status: type === "created" ? "needs_response" : "won",
    ...over,
  });
}

async function send(event: { payload: string; signature: string }) {
  const res = await deliver(event.payload, event.signature);
  expect(res.status).toBe(200);
}

const wallet = () => call(walletRoute.GET, "/api/wallet", { cookie: me.cookie });
const buyCarrots = () => placeOrder(me.cookie, [{ productId: carrots.id, quantity: 1 }]);

describe("charge.dispute.created", () => {
  it("puts the wallet on hold: checkout is 409 wallet_frozen and writes nothing", async () => {
    const pi = await paidTopUp(50);
    await send(dispute("created", pi));

    const res = await buyCarrots();
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("wallet_frozen");
    expect(res.json.message).toContain(ON_HOLD);
    expect(await balanceCents(me.user.id)).toBe(5000);
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: carrots.id } })).stock).toBe(100);

    // The wallet says so, and nothing was debited automatically.
    expect((await wallet()).json).toMatchObject({ balance: 50, onHold: true });
    const hold = await db.walletHold.findUniqueOrThrow({ where: { stripeId: DP(1) } });
    expect(hold).toMatchObject({
      userId: me.user.id,
      amountCents: 5000,
      reason: "fraudulent",
      releasedAt: null,
    });
  });

  it("refuses every wallet debit, and still lets money in (a cancelled order's refund)", async () => {
    const pi = await paidTopUp(50);
    const placed = await buyCarrots();
    expect(placed.status).toBe(201);
    await send(dispute("created", pi));

    await expect(
      inTransaction((tx) =>
        applyBalanceChange(tx, me.user.id, -100, {
          type: "adjustment",
          description: "A farm's extra",
          reference: "ORDER-1",
        }),
      ),
    ).rejects.toMatchObject({ code: "wallet_frozen", status: 409 });

    const id = placed.json.orders[0].id;
    const cancelled = await call(cancelRoute.POST, `/api/orders/${id}/cancel`, {
      cookie: me.cookie,
      params: { id: String(id) },
    });
    expect(cancelled.status).toBe(200);
    expect(await balanceCents(me.user.id)).toBe(5000);
  });

  it("is idempotent: replays make one hold, and a payment not booked holds nothing", async () => {
    const pi = await paidTopUp(50);
    const created = dispute("created", pi);
    for (let i = 0; i < 3; i++) await send(created);
    // The same dispute under another event id (a resend) is still one hold.
    await send(dispute("created", pi));
    expect(await db.walletHold.count({ where: { userId: me.user.id } })).toBe(1);

    // A payment not booked (yet): refused, so Stripe sends it again; it holds nothing meanwhile.
    const early = dispute("created", "pi_not_ours", { id: DP(2) });
    expect((await deliver(early.payload, early.signature)).status).toBe(409);
    expect(await db.walletHold.count({ where: { stripeId: DP(2) } })).toBe(0);
  });
});

describe("charge.dispute.closed", () => {
  it("won by us releases the hold, and checkout works again; a replay changes nothing", async () => {
    const pi = await paidTopUp(50);
    await send(dispute("created", pi));
    const closed = dispute("closed", pi, { status: "won" });
    await send(closed);
    await send(closed);

    expect((await wallet()).json).toEqual({
      walletId: expect.any(String),
      balance: 50,
      currency: "USD",
    });
    expect((await buyCarrots()).status).toBe(201);
    expect(await db.walletHold.findUniqueOrThrow({ where: { stripeId: DP(1) } })).toMatchObject({
      outcome: "won",
      releasedAt: expect.any(Date),
    });
    // A late replay of the opening event does not put the wallet back on hold.
    await send(dispute("created", pi));
    expect((await wallet()).json.onHold).toBeUndefined();
  });

  it("lost keeps the wallet on hold for ops; another open dispute keeps it on hold too", async () => {
    const pi = await paidTopUp(50);
    await send(dispute("created", pi));
    await send(dispute("closed", pi, { status: "lost" }));
    expect((await buyCarrots()).json.code).toBe("wallet_frozen");

    const other = await paidTopUp(20);
    await send(dispute("created", other, { id: DP(3) }));
    await send(dispute("created", pi, { id: DP(4) }));
    await send(dispute("closed", pi, { id: DP(4), status: "won" }));
    expect((await wallet()).json.onHold).toBe(true);
  });
});
