import { beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { recordFarmEntry } from "@/lib/server/payments/farm-ledger";
import { paymentProvider } from "@/lib/server/payments/provider";
import { reconcile } from "@/lib/server/payments/reconcile";
import { nextPayoutAt, recordPayoutEntry, runPayouts } from "@/lib/server/payments/payouts";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { farmerWithSession } from "../farm/support";
import { balanceCents, placeOrder, topUp } from "../wallet/support";
import { complete } from "./ledger-support";
import { cardTopUp, differences, paidPayout, send } from "./reconcile-support";
import { deliver, stripeForThisFile } from "./support";

const stripe = stripeForThisFile();

const failing = async () => (await reconcile()).filter((c) => c.problems.length);

describe("payments:reconcile", () => {
  it("holds after card top-ups, completions and payouts, and names a broken farm balance", async () => {
    const buyer = await createUserWithSession();
    const started = await topUp(buyer.cookie, 80);
    const topUpRow = await db.topUp.findUniqueOrThrow({ where: { id: started.json.topUp.id } });
    const paid = stripe.emulator().pay(topUpRow.sessionId!);
    expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    const farmer = await farmerWithSession();
    const product = await createProduct(farmer.farm.id, { priceCents: 1999 });
    const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
    expect(order.status, order.text).toBe(201);
    expect((await complete(farmer.cookie, order.json.orders[0].id)).status).toBe(200);
    await runPayouts(
      nextPayoutAt(new Date(Date.now() + 3 * 86_400_000), "America/Vancouver")
        .plus({ hours: 1 })
        .toJSDate(),
    );
    expect(await failing()).toEqual([]);

    await db.farmAccount.update({
      where: { farmId: farmer.farm.id },
      data: { balanceCents: { increment: 1 } },
    });
    expect(await failing()).toEqual([
      {
        name: "farm balance = Σ farm ledger",
        problems: [`farm ${farmer.farm.id}: balance 1, ledger 0`],
      },
    ]);
    await db.farmAccount.update({
      where: { farmId: farmer.farm.id },
      data: { balanceCents: { decrement: 1 } },
    });
  });
});

describe("payments:reconcile against Stripe", () => {
  let buyer: Awaited<ReturnType<typeof createUserWithSession>>;
  beforeEach(async () => {
    buyer = await createUserWithSession();
  });

  it("is clean after top-ups, partial refunds, partial reversals and disputes all booked", async () => {
    const em = stripe.emulator();
    const a = await cardTopUp(em, buyer.cookie, 50);
    const b = await cardTopUp(em, buyer.cookie, 20);
    const partial = em.refund(a.sessionId, 1250);
    await send(partial.charge); // charge.refunded before refund.created: out of order
    await send(partial.created);
    await send(partial.created); // a replay books nothing twice
    const disputed = em.dispute(b.sessionId);
    await send(disputed);
    await send(em.closeDispute(disputed.disputeId, "won"));
    const p = await paidPayout(em, 12402);
    await send(em.reverse(p.transferId, 100));
    await send(em.reverse(p.transferId, 300));
    expect(await differences()).toEqual([]);
    const farm = await db.farmAccount.findUniqueOrThrow({ where: { farmId: p.farmId } });
    expect(farm.balanceCents).toBe(400);
  });

  it("names a refund, a dispute, a reversal and a transfer made in Stripe that our books lack", async () => {
    const em = stripe.emulator();
    const t = await cardTopUp(em, buyer.cookie, 40);
    const refund = em.refund(t.sessionId, 500);
    const dispute = em.dispute(t.sessionId, 4000);
    const p = await paidPayout(em, 9000);
    const reversal = em.reverse(p.transferId, 250);
    // A transfer someone made in Stripe's dashboard: no payout of ours.
    const other = await createFarm();
    const provider = paymentProvider();
    if (provider.name !== "stripe") throw new Error("stripe is on");
    const acct = await provider.createConnectedAccount({ farmId: other.farm.id, email: "x@y.z" });
    em.accounts.get(acct)!.payouts_enabled = true;
    const stray = await provider.transfer({
      amountCents: 777,
      destination: acct,
      idempotencyKey: `dashboard-${acct}`,
      description: "by hand",
    });
    expect(stray.kind).toBe("paid");
    const strayId = stray.kind === "paid" ? stray.transferId : "";
    expect(await differences()).toEqual([
      `In Stripe, not in our books: refund ${refund.refundId} of $5.00 on top-up #${t.topUpId} was never taken from the wallet`,
      `In Stripe, not in our books: transfer ${strayId} of $7.77 to ${acct} (dashboard-${acct}) is no payout of ours`,
      `In Stripe, not in our books: reversal ${reversal.reversalId} of $2.50 on transfer ${p.transferId} (payout #${p.payoutId}) was never booked back`,
      `In Stripe, not in our books: dispute ${dispute.disputeId} of $40.00 on top-up #${t.topUpId} holds no wallet`,
    ]);
    await send(refund.created);
    await send(dispute);
    await send(reversal);
    expect(await differences()).toEqual([
      `In Stripe, not in our books: transfer ${strayId} of $7.77 to ${acct} (dashboard-${acct}) is no payout of ours`,
    ]);
    // Recorded as the payout it was (ops marking a manual payout paid with its transfer id).
    await db.payout.create({
      data: {
        farmId: other.farm.id,
        periodEnd: "2000-01-03",
        amountCents: 777,
        status: "paid",
        reference: strayId,
      },
    });
    await inTransaction((tx) =>
      recordFarmEntry(tx, {
        farmId: other.farm.id,
        type: "adjustment",
        amountCents: 777,
        description: "Earnings",
        dedupeKey: `stray-earn-${strayId}`,
      }),
    );
    const row = await db.payout.findFirstOrThrow({ where: { reference: strayId } });
    await inTransaction((tx) => recordPayoutEntry(tx, row, new Date()));
    expect(await differences()).toEqual([]);
  });

  it("names a paid top-up we never credited, and a credit Stripe never charged", async () => {
    const em = stripe.emulator();
    const t = await cardTopUp(em, buyer.cookie, 25, { credit: false });
    expect(await differences()).toEqual([
      `In Stripe, not in our books: top-up #${t.topUpId} was paid $25.00 in Stripe (${t.sessionId}), our books credit nothing`,
    ]);
    await send(t.paid);
    expect(await differences()).toEqual([]);

    // A top-up credited without its session ever being paid (an event forged past our checks).
    const started = await topUp(buyer.cookie, 30);
    const forged = await db.topUp.update({
      where: { id: started.json.topUp.id },
      data: { status: "paid", settledAt: new Date() },
    });
    await inTransaction((tx) =>
      applyBalanceChange(tx, buyer.user.id, 3000, {
        type: "top_up",
        description: "Card top-up",
        reference: `TOPUP-${forged.id}`,
      }),
    );
    expect(await differences()).toEqual([
      `In our books, not in Stripe: top-up #${forged.id} credited $30.00 (TOPUP-${forged.id}), Stripe has no paid Checkout Session for it`,
    ]);
    await send(em.pay(forged.sessionId!));
    expect(await differences()).toEqual([]);
  });

  it("names amounts and currencies that differ, and a credit booked twice", async () => {
    const em = stripe.emulator();
    const t = await cardTopUp(em, buyer.cookie, 60);
    const r = em.refund(t.sessionId, 700);
    await send(r.created);
    const p = await paidPayout(em, 5000);
    const rv = em.reverse(p.transferId, 120);
    await send(rv);
    expect(await differences()).toEqual([]);

    await db.cardRefund.update({ where: { refundId: r.refundId }, data: { amountCents: 701 } });
    await db.topUp.update({ where: { id: t.topUpId }, data: { currency: "cad" } });
    await db.payout.update({ where: { id: p.payoutId }, data: { amountCents: 4999 } });
    const key = `reversal-${p.payoutId}-${rv.reversalId}`;
    await db.farmLedgerEntry.update({ where: { dedupeKey: key }, data: { amountCents: 121 } });
    const found = await differences();
    expect(found).toEqual(
      expect.arrayContaining([
        `Currencies differ: top-up #${t.topUpId} is USD in Stripe (${t.sessionId}), CAD in our books`,
        `Amounts differ: refund ${r.refundId} is $7.00 in Stripe, $7.01 in our books (top-up #${t.topUpId})`,
        `Currencies differ: refund ${r.refundId} is USD in Stripe, CAD in our books (top-up #${t.topUpId})`,
        `Amounts differ: transfer ${p.transferId} is $50.00 in Stripe, payout #${p.payoutId} is $49.99 in our books`,
        `Amounts differ: reversal ${rv.reversalId} of transfer ${p.transferId} is $1.20 in Stripe, $1.21 in our books (payout #${p.payoutId})`,
      ]),
    );
    await db.cardRefund.update({ where: { refundId: r.refundId }, data: { amountCents: 700 } });
    await db.topUp.update({ where: { id: t.topUpId }, data: { currency: "usd" } });
    await db.payout.update({ where: { id: p.payoutId }, data: { amountCents: 5000 } });
    await db.farmLedgerEntry.update({ where: { dedupeKey: key }, data: { amountCents: 120 } });
    expect(await differences()).toEqual([]);

    // The same payment credited a second time (a row written past the webhook's dedupe).
    const again = await inTransaction((tx) =>
      applyBalanceChange(tx, buyer.user.id, 6000, {
        type: "top_up",
        description: "Card top-up",
        reference: `TOPUP-${t.topUpId}`,
      }),
    );
    expect(await differences()).toEqual([
      `Booked twice: top-up #${t.topUpId} is credited 2 times (TOPUP-${t.topUpId}), Stripe was paid once`,
      `top-up ${t.topUpId}: paid 6000, credited 12000`,
    ]);
    const [row] = await db.transaction.findMany({
      where: { reference: `TOPUP-${t.topUpId}` },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(again).not.toBeNull();
    await inTransaction(async (tx) => {
      await tx.transaction.delete({ where: { id: row.id } });
      await tx.wallet.update({
        where: { userId: buyer.user.id },
        data: { balanceCents: { decrement: 6000 } },
      });
    });
    expect(await differences()).toEqual([]);
  });

  it("names a dispute won in Stripe whose hold is still open", async () => {
    const em = stripe.emulator();
    const t = await cardTopUp(em, buyer.cookie, 15);
    const d = em.dispute(t.sessionId);
    await send(d);
    const closed = em.closeDispute(d.disputeId, "won");
    expect(await differences()).toEqual([
      `Dispute ${d.disputeId} is won in Stripe, the wallet of user ${buyer.user.id} is still held for it`,
    ]);
    await send(closed);
    expect(await differences()).toEqual([]);
  });

  it("pages through more than one page of Stripe's records (100 a page) and finds one on the second", async () => {
    const em = stripe.emulator();
    const t = await cardTopUp(em, buyer.cookie, 5);
    const made = Array.from({ length: 104 }, () => em.refund(t.sessionId, 1));
    // The oldest refund is on the second page (lists run newest first); it is left unbooked.
    for (const r of made.slice(1)) await send(r.created);
    const before = em.requests.filter((r) => r.path === "/v1/refunds").length;
    expect(await differences()).toEqual([
      `In Stripe, not in our books: refund ${made[0].refundId} of $0.01 on top-up #${t.topUpId} was never taken from the wallet`,
    ]);
    expect(em.requests.filter((r) => r.path === "/v1/refunds").length - before).toBe(2);
    await send(made[0].created);
    expect(await differences()).toEqual([]);
    expect(await balanceCents(buyer.user.id)).toBe(500 - 104);
  });
});

describe("the emulator's lists", () => {
  it("page like Stripe's: newest first, limit, starting_after, ending_before, has_more", async () => {
    const em = stripe.emulator();
    const client = new Stripe(em.secretKey, {
      host: "127.0.0.1",
      port: Number(new URL(em.url).port),
      protocol: "http",
    });
    const buyer = await createUserWithSession();
    const t = await cardTopUp(em, buyer.cookie, 3);
    const ids = Array.from({ length: 5 }, () => em.refund(t.sessionId, 10).refundId).reverse();
    const first = await client.refunds.list({ limit: 2, payment_intent: t.paymentIntent });
    expect([first.data.map((r) => r.id), first.has_more]).toEqual([ids.slice(0, 2), true]);
    const next = await client.refunds.list({
      limit: 2,
      payment_intent: t.paymentIntent,
      starting_after: ids[1],
    });
    expect([next.data.map((r) => r.id), next.has_more]).toEqual([ids.slice(2, 4), true]);
    const back = await client.refunds.list({
      limit: 2,
      payment_intent: t.paymentIntent,
      ending_before: ids[4],
    });
    expect(back.data.map((r) => r.id)).toEqual(ids.slice(2, 4));
    const all = await client.refunds
      .list({ limit: 2, payment_intent: t.paymentIntent })
      .autoPagingToArray({ limit: 100 });
    expect(all.map((r) => r.id)).toEqual(ids);
    await expect(client.refunds.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400 });
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await client.refunds.list({ created: { gte: future } })).data).toEqual([]);
    for (const id of ids) await send(em.sign("refund.created", em.refunds.get(id)!));
    expect(await differences()).toEqual([]);
  });
});
