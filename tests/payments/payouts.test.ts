import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { recordFarmEntry } from "@/lib/server/payments/farm-ledger";
import { runPayouts } from "@/lib/server/payments/payouts";
import { paymentProvider } from "@/lib/server/payments/provider";
import { compose } from "@/lib/server/emails/templates";
import { createProduct, createUserWithSession } from "../support/factories";
import { withEnv } from "../support/env";
import { onPostgres } from "../support/pg";
import { farmerWithSession } from "../farm/support";
import { checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { complete, expectFarmLedgerHolds } from "./ledger-support";
import { deliver, fundWallet, payoutDay, stripeForThisFile } from "./support";

checkLedgerAfterEach();
const stripe = stripeForThisFile();

let buyer: Awaited<ReturnType<typeof createUserWithSession>>;
beforeEach(async () => {
  buyer = await createUserWithSession();
  await fundWallet(stripe.emulator(), buyer.cookie, 1000);
  // Farms of earlier tests must not be paid by this test's runs (each run pays every farm due).
  await db.farmLedgerEntry.updateMany({
    where: { payoutId: null },
    data: { createdAt: new Date() },
  });
});

/** A farm with one completed order: goods `priceCents` × 2, so earnings = total − 8 % of goods. */
async function farmWithEarnings(priceCents = 1250) {
  const farmer = await farmerWithSession();
  const product = await createProduct(farmer.farm.id, { priceCents, stock: 50 });
  const res = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
  expect(res.status, res.text).toBe(201);
  expect((await complete(farmer.cookie, res.json.orders[0].id)).status).toBe(200);
  const account = await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } });
  return { farmer, orderId: res.json.orders[0].id as number, net: account.balanceCents };
}

async function connect(farmId: number) {
  const provider = paymentProvider();
  if (provider.name !== "stripe") throw new Error("stripe is on in this file");
  const accountId = await provider.createConnectedAccount({ farmId, email: "farm@example.test" });
  await db.farmAccount.update({
    where: { farmId },
    data: { stripeAccountId: accountId, payoutsEnabled: true },
  });
  return accountId;
}

describe("weekly payouts", () => {
  it("holds earnings younger than PAYOUT_HOLD_DAYS", async () => {
    const { farmer, net } = await farmWithEarnings();
    await runPayouts(new Date());
    expect(await db.payout.count({ where: { farmId: farmer.farm.id } })).toBe(0);
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(net);
  });

  it("transfers a connected farm's earnings once per week, with idempotency key payout-{id}", async () => {
    const { farmer, orderId, net } = await farmWithEarnings(1069);
    const accountId = await connect(farmer.farm.id);
    const at = payoutDay();
    await runPayouts(at);
    await runPayouts(at);
    const payouts = await db.payout.findMany({ where: { farmId: farmer.farm.id } });
    expect(payouts).toHaveLength(1);
    const [p] = payouts;
    expect(p).toMatchObject({ status: "paid", amountCents: net, paidAt: at });
    const transfer = stripe.emulator().transfers.get(p.reference!)!;
    expect(transfer).toMatchObject({ amount: net, currency: "usd", destination: accountId });
    expect(
      stripe
        .emulator()
        .requests.filter((r) => r.path === "/v1/transfers")
        .map((r) => r.idempotencyKey),
    ).toContain(`payout-${p.id}`);
    const lines = await db.farmLedgerEntry.findMany({
      where: { payoutId: p.id },
      orderBy: { id: "asc" },
    });
    expect(lines.map((l) => [l.type, l.orderId])).toEqual([
      ["sale", orderId],
      ["commission", orderId],
      ["payout", null],
    ]);
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(0);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("is pending_manual without a connected account, and in demo mode", async () => {
    const a = await farmWithEarnings();
    await runPayouts(payoutDay());
    expect(await db.payout.findFirstOrThrow({ where: { farmId: a.farmer.farm.id } })).toMatchObject(
      {
        status: "pending_manual",
        amountCents: a.net,
      },
    );
    // The farm is emailed its statement through the outbox.
    const mail = await db.notification.findFirstOrThrow({
      where: { userId: a.farmer.owner.id, kind: "payout_sent" },
    });
    const composed = await compose(mail);
    expect(composed?.content.subject).toMatch(
      /^Your payout of \$\d+\.\d\d for the week to \d{4}-\d{2}-\d{2}$/,
    );
    expect(composed?.content.paragraphs.join(" ")).toContain("by e-transfer");
    expect(composed?.attachments?.[0]).toMatchObject({ contentType: "application/pdf" });
    const b = await farmWithEarnings();
    await connect(b.farmer.farm.id);
    await withEnv({ STRIPE_SECRET_KEY: undefined }, () => runPayouts(payoutDay()));
    expect(await db.payout.findFirstOrThrow({ where: { farmId: b.farmer.farm.id } })).toMatchObject(
      {
        status: "pending_manual",
      },
    );
    await expectFarmLedgerHolds([a.farmer.farm.id, b.farmer.farm.id]);
  });

  it("a refused transfer fails the payout and puts the money back on the balance", async () => {
    const { farmer, net } = await farmWithEarnings();
    const accountId = await connect(farmer.farm.id);
    stripe.emulator().failTransfersTo.add(accountId);
    await runPayouts(payoutDay());
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p).toMatchObject({
      status: "failed",
      failureReason: expect.stringMatching(/cannot receive transfers/),
    });
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(net);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("a transfer Stripe reverses puts the payout's money back on the balance, once", async () => {
    const { farmer, net } = await farmWithEarnings();
    await connect(farmer.farm.id);
    await runPayouts(payoutDay());
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p.status).toBe("paid");
    const reversed = stripe.emulator().sign("transfer.reversed", {
      ...stripe.emulator().transfers.get(p.reference!)!,
      reversed: true,
    });
    expect((await deliver(reversed.payload, reversed.signature)).status).toBe(200);
    const again = stripe
      .emulator()
      .sign("transfer.reversed", { id: p.reference, object: "transfer" });
    expect((await deliver(again.payload, again.signature)).status).toBe(200);
    expect(await db.payout.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      status: "failed",
      failureReason: "The transfer was reversed",
    });
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(net);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("carries a negative balance forward and never pays it out", async () => {
    const farmer = await farmerWithSession();
    await inTransaction((tx) =>
      recordFarmEntry(tx, {
        farmId: farmer.farm.id,
        type: "refund",
        amountCents: -500,
        description: "Refund",
        dedupeKey: `test-refund-${farmer.farm.id}`,
      }),
    );
    await runPayouts(payoutDay());
    expect(await db.payout.count({ where: { farmId: farmer.farm.id } })).toBe(0);
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(-500);
  });
});

describe.runIf(onPostgres)("payout workers racing on PostgreSQL", () => {
  it("two workers running at once pay each farm exactly once", async () => {
    const farms = [];
    for (let i = 0; i < 6; i++) farms.push(await farmWithEarnings(1000 + i));
    for (const f of farms) await connect(f.farmer.farm.id);
    const at = payoutDay();
    const before = stripe.emulator().transfers.size;
    await Promise.all([runPayouts(at), runPayouts(at), runPayouts(at)]);
    for (const f of farms) {
      const payouts = await db.payout.findMany({ where: { farmId: f.farmer.farm.id } });
      expect(payouts.map((p) => [p.status, p.amountCents])).toEqual([["paid", f.net]]);
    }
    expect(stripe.emulator().transfers.size - before).toBe(farms.length);
    await expectFarmLedgerHolds(farms.map((f) => f.farmer.farm.id));
  });
});
