import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { recordFarmEntry } from "@/lib/server/payments/farm-ledger";
import { PAYOUT_CLAIM_MS, runPayouts } from "@/lib/server/payments/payouts";
import { paymentProvider } from "@/lib/server/payments/provider";
import { compose } from "@/lib/server/emails/templates";
import { createProduct, createUserWithSession } from "../support/factories";
import { withEnv } from "../support/env";
import { call } from "../support/http";
import { opsApi } from "@/lib/contracts/ops";
import * as payoutsRoute from "@/app/api/my-farm/payouts/route";
import { callOps, createStaff } from "../ops/support";
import { itOnPostgres } from "../support/races";
import { farmerWithSession } from "../farm/support";
import { checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { complete, expectFarmLedgerHolds } from "./ledger-support";
import type { SignedEvent } from "../support/stripe-emulator";
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

/** The object an event carries, to sign it again under a new event id (Stripe re-sends so). */
const objectOf = (signed: SignedEvent) =>
  (signed.event.data as { object: Record<string, unknown> }).object;

const balanceOf = async (farmId: number) =>
  (await db.farmAccount.findUniqueOrThrow({ where: { farmId } })).balanceCents;

async function connect(farmId: number) {
  const provider = paymentProvider();
  if (provider.name !== "stripe") throw new Error("stripe is on in this file");
  const accountId = await provider.createConnectedAccount({ farmId, email: "farm@example.test" });
  await db.farmAccount.update({
    where: { farmId },
    data: { stripeAccountId: accountId, payoutsEnabled: true },
  });
  stripe.emulator().accounts.get(accountId)!.payouts_enabled = true;
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

  it("waits, sending nothing, while the connected account cannot receive payouts", async () => {
    const { farmer, net } = await farmWithEarnings();
    const provider = paymentProvider();
    if (provider.name !== "stripe") throw new Error("stripe is on in this file");
    // Onboarding started but not finished: an account id, payouts_enabled false.
    const accountId = await provider.createConnectedAccount({
      farmId: farmer.farm.id,
      email: "farm@example.test",
    });
    await db.farmAccount.update({
      where: { farmId: farmer.farm.id },
      data: { stripeAccountId: accountId },
    });
    const transfersBefore = stripe.emulator().requests.filter((r) => r.path === "/v1/transfers");
    const at = payoutDay();
    await runPayouts(at);
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p).toMatchObject({
      status: "pending_manual",
      amountCents: net,
      waitingReason: "Finish setting up payouts",
    });
    expect(stripe.emulator().requests.filter((r) => r.path === "/v1/transfers")).toEqual(
      transfersBefore,
    );
    // The farm's Payouts page and ops say why it waits; ops may still pay it by hand.
    const page = await call(payoutsRoute.GET, "/api/my-farm/payouts", { cookie: farmer.cookie });
    expect(page.json.connected).toBe(false);
    expect(page.json.payouts).toEqual([
      expect.objectContaining({
        id: p.id,
        status: "pending_manual",
        waitingReason: "Finish setting up payouts",
      }),
    ]);
    const staff = await createStaff();
    const ops = await callOps(opsApi.payouts, {}, { cookie: staff.cookie });
    expect(ops.json.manual).toContainEqual(
      expect.objectContaining({ id: p.id, waitingReason: "Finish setting up payouts" }),
    );
    // Onboarding finished: Stripe's account.updated sends the waiting payout on the next round.
    stripe.emulator().accounts.get(accountId)!.payouts_enabled = true;
    const updated = stripe.emulator().sign("account.updated", {
      ...stripe.emulator().accounts.get(accountId)!,
    });
    expect((await deliver(updated.payload, updated.signature)).status).toBe(200);
    await runPayouts(at);
    const sent = await db.payout.findUniqueOrThrow({ where: { id: p.id } });
    expect(sent).toMatchObject({ status: "paid", waitingReason: null });
    expect(stripe.emulator().transfers.get(sent.reference!)).toMatchObject({
      amount: net,
      destination: accountId,
    });
    expect(await balanceOf(farmer.farm.id)).toBe(0);
    await expectFarmLedgerHolds([farmer.farm.id]);
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

  it("a transfer Stripe reverses in full fails the payout and puts its money back, once", async () => {
    const { farmer, net } = await farmWithEarnings();
    await connect(farmer.farm.id);
    await runPayouts(payoutDay());
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p.status).toBe("paid");
    const reversed = stripe.emulator().reverse(p.reference!);
    expect((await deliver(reversed.payload, reversed.signature)).status).toBe(200);
    // Stripe re-sends the same reversal under a new event id: booked by its trr_ id, once.
    const again = stripe.emulator().sign("transfer.reversed", objectOf(reversed));
    expect((await deliver(again.payload, again.signature)).status).toBe(200);
    expect(await db.payout.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      status: "failed",
      failureReason: "The transfer was reversed",
    });
    expect(await balanceOf(farmer.farm.id)).toBe(net);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("a partial reversal books only the reversed cents, once per reversal, and pays them next week", async () => {
    const { farmer, net } = await farmWithEarnings(6201);
    await connect(farmer.farm.id);
    const at = payoutDay();
    await runPayouts(at);
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p).toMatchObject({ status: "paid", amountCents: net });
    const first = stripe.emulator().reverse(p.reference!, 100);
    expect((await deliver(first.payload, first.signature)).status).toBe(200);
    const resent = stripe.emulator().sign("transfer.reversed", objectOf(first));
    expect((await deliver(resent.payload, resent.signature)).status).toBe(200);
    expect(await db.payout.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      status: "paid",
      failureReason: null,
    });
    expect(await balanceOf(farmer.farm.id)).toBe(100);
    const second = stripe.emulator().reverse(p.reference!, 250);
    // Out of order: the later event (listing both reversals) first, then the first one again.
    expect((await deliver(second.payload, second.signature)).status).toBe(200);
    expect((await deliver(first.payload, first.signature)).status).toBe(200);
    expect(await balanceOf(farmer.farm.id)).toBe(350);
    const rows = await db.farmLedgerEntry.findMany({
      where: { farmId: farmer.farm.id, dedupeKey: { startsWith: "reversal-" } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.dedupeKey, r.amountCents])).toEqual([
      [`reversal-${p.id}-${first.reversalId}`, 100],
      [`reversal-${p.id}-${second.reversalId}`, 250],
    ]);
    // The next week pays exactly the reversed cents, not the whole payout again.
    await runPayouts(new Date(at.getTime() + 7 * 86_400_000));
    const next = await db.payout.findMany({
      where: { farmId: farmer.farm.id, id: { not: p.id } },
    });
    expect(next.map((n) => [n.status, n.amountCents])).toEqual([["paid", 350]]);
    expect(await balanceOf(farmer.farm.id)).toBe(0);
    // Reversing the rest fails the payout, returning only what no reversal booked yet.
    const rest = stripe.emulator().reverse(p.reference!);
    expect((await deliver(rest.payload, rest.signature)).status).toBe(200);
    expect((await db.payout.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("failed");
    expect(await balanceOf(farmer.farm.id)).toBe(net - 350);
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

/** The Stripe requests that sent payout `id` (its idempotency key). */
const transferCalls = (id: number) =>
  stripe
    .emulator()
    .requests.filter((r) => r.path === "/v1/transfers" && r.idempotencyKey === `payout-${id}`);

/**
 * A payout run that dies after Stripe made the transfer and before the payout is recorded: a
 * trigger makes recording `paid` throw once (a sequence is not rolled back with the transaction).
 */
async function runPayoutsDyingBeforeRecord(at: Date) {
  await db.$executeRawUnsafe(`CREATE SEQUENCE "record_fails"`);
  await db.$executeRawUnsafe(`
    CREATE FUNCTION "record_fails_once"() RETURNS trigger AS $$ BEGIN
      IF nextval('"record_fails"') = 1 THEN RAISE EXCEPTION 'the worker died before recording'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`
    CREATE TRIGGER "record_fails" BEFORE UPDATE ON "Payout"
    FOR EACH ROW WHEN (NEW."status" = 'paid') EXECUTE FUNCTION "record_fails_once"()`);
  try {
    await expect(runPayouts(at)).rejects.toThrow(/died before recording/);
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER "record_fails" ON "Payout"`);
    await db.$executeRawUnsafe(`DROP FUNCTION "record_fails_once"`);
    await db.$executeRawUnsafe(`DROP SEQUENCE "record_fails"`);
  }
}

describe("sending a payout: claim, call Stripe, record", () => {
  it("holds no row lock while Stripe answers: the claim is committed first", async () => {
    const { farmer, net } = await farmWithEarnings();
    await connect(farmer.farm.id);
    const at = payoutDay();
    let seen: unknown;
    stripe.emulator().beforeTransfer = async () => {
      // Another connection locks the payout and the farm's account at once (NOWAIT): nothing holds them.
      seen = await inTransaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "FarmAccount" WHERE "farmId" = ${farmer.farm.id} FOR UPDATE NOWAIT`;
        return tx.$queryRaw`
          SELECT "status", "claimedUntil" FROM "Payout" WHERE "farmId" = ${farmer.farm.id} FOR UPDATE NOWAIT`;
      });
    };
    try {
      await runPayouts(at);
    } finally {
      stripe.emulator().beforeTransfer = undefined;
    }
    expect(seen).toEqual([
      { status: "processing", claimedUntil: new Date(at.getTime() + PAYOUT_CLAIM_MS) },
    ]);
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p).toMatchObject({ status: "paid", amountCents: net, claimedUntil: null });
  });

  it("a run that dies after the transfer, before recording it, is completed by the next without a second transfer", async () => {
    const { farmer, net } = await farmWithEarnings(1307);
    const accountId = await connect(farmer.farm.id);
    const at = payoutDay();
    const before = stripe.emulator().transfers.size;
    await runPayoutsDyingBeforeRecord(at);
    const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    expect(p).toMatchObject({
      status: "processing",
      reference: null,
      claimedUntil: new Date(at.getTime() + PAYOUT_CLAIM_MS),
    });
    expect(stripe.emulator().transfers.size - before).toBe(1);
    const [paidOnce] = [...stripe.emulator().transfers.values()].slice(-1);
    expect(paidOnce).toMatchObject({ amount: net, destination: accountId });
    // While the dead run's claim lasts nobody sends the payout.
    await runPayouts(new Date(at.getTime() + 60_000));
    expect(transferCalls(p.id)).toHaveLength(1);
    // Past it the next run sends again with the same key and gets Stripe's first transfer back.
    const later = new Date(at.getTime() + PAYOUT_CLAIM_MS + 60_000);
    expect(await runPayouts(later)).toMatchObject({ paid: 1, failed: 0 });
    expect(transferCalls(p.id)).toHaveLength(2);
    expect(stripe.emulator().transfers.size - before).toBe(1);
    expect(await db.payout.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      status: "paid",
      reference: paidOnce.id,
      paidAt: later,
      claimedUntil: null,
    });
    expect(await balanceOf(farmer.farm.id)).toBe(0);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });
});

describe("payout workers racing", () => {
  itOnPostgres(
    "three runs at once pay each farm exactly once, one transfer call each (PostgreSQL only)",
    async () => {
      const farms = [];
      for (let i = 0; i < 6; i++) farms.push(await farmWithEarnings(1000 + i));
      for (const f of farms) await connect(f.farmer.farm.id);
      const at = payoutDay();
      const before = stripe.emulator().transfers.size;
      await Promise.all([runPayouts(at), runPayouts(at), runPayouts(at)]);
      for (const f of farms) {
        const payouts = await db.payout.findMany({ where: { farmId: f.farmer.farm.id } });
        expect(payouts.map((p) => [p.status, p.amountCents])).toEqual([["paid", f.net]]);
        expect(transferCalls(payouts[0].id)).toHaveLength(1);
      }
      expect(stripe.emulator().transfers.size - before).toBe(farms.length);
      await expectFarmLedgerHolds(farms.map((f) => f.farmer.farm.id));
    },
  );

  itOnPostgres(
    "three runs at once after a dead run's claim ran out send it once more, one transfer in all (PostgreSQL only)",
    async () => {
      const { farmer, net } = await farmWithEarnings(1409);
      await connect(farmer.farm.id);
      const at = payoutDay();
      const before = stripe.emulator().transfers.size;
      // A dead run: its claim taken and run out, its transfer made, nothing recorded.
      await runPayoutsDyingBeforeRecord(at);
      const p = await db.payout.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
      const later = new Date(at.getTime() + PAYOUT_CLAIM_MS + 60_000);
      await Promise.all([runPayouts(later), runPayouts(later), runPayouts(later)]);
      expect(transferCalls(p.id)).toHaveLength(2);
      expect(stripe.emulator().transfers.size - before).toBe(1);
      expect(await db.payout.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
        status: "paid",
        amountCents: net,
      });
      await expectFarmLedgerHolds([farmer.farm.id]);
    },
  );
});
