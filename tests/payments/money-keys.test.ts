/**
 * Every call that moves money honours its Idempotency-Key (docs/money.md, "Retries are safe"):
 * the same key sent again, or many times at once, does the work once and replays the first
 * answer with `idempotent-replayed: true`; the same key with another body is 409. The registry
 * test (tests/contracts/registry.test.ts) checks that every such call takes a key; this checks
 * that the ones that took none before honour it.
 */
import { describe, expect, it } from "vitest";
import { opsApi } from "@/lib/contracts/ops";
import * as undoRoute from "@/app/api/my-farm/orders/[id]/undo-complete/route";
import * as proposeRoute from "@/app/api/my-farm/orders/[id]/adjustments/route";
import * as declineRoute from "@/app/api/orders/[id]/adjustments/[aid]/decline/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { cancelOrder } from "../support/orders";
import { createProduct, createUserWithSession } from "../support/factories";
import { buyerAndGreenAcres } from "../support/green-acres";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { auditRows, callOps, createStaff } from "../ops/support";
import { complete } from "./ledger-support";

checkLedgerAfterEach();

type Res = Awaited<ReturnType<typeof call>>;
const replayed = (r: Res) => r.headers.get("idempotent-replayed") === "true";
const key = (h: string) => ({ "idempotency-key": h });

/** A Green Acres order of 4 carrots and 2 kale ($17.00), paid from the buyer's $100. */
async function world() {
  const w = await buyerAndGreenAcres({ fullName: "Kay Keys" });
  const res = await placeOrder(w.buyer.cookie, [
    { productId: w.carrots.id, quantity: 4 },
    { productId: w.kale.id, quantity: 2 },
  ]);
  if (res.status !== 201) throw new Error(`checkout failed: ${res.text}`);
  return { ...w, orderId: res.json.orders[0].id as number };
}

const adjust = (staff: { cookie: string }, userId: number, amount: number, k: string) =>
  callOps(
    opsApi.adjustWallet,
    { id: String(userId) },
    { cookie: staff.cookie, body: { amount, reason: "Goodwill credit" }, headers: key(k) },
  );

describe("money calls honour their Idempotency-Key", () => {
  itOnPostgres(
    "five parallel staff wallet adjustments with one key credit once; the others replay it",
    async () => {
      const staff = await createStaff(true);
      const shopper = await createUserWithSession();
      const all = await Promise.all(
        [1, 2, 3, 4, 5].map(() => adjust(staff, shopper.user.id, 5, "adj-1")),
      );
      expect(all.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(all.filter(replayed)).toHaveLength(4);
      expect(new Set(all.map((r) => r.json.transaction.id)).size).toBe(1);
      expect(await balanceCents(shopper.user.id)).toBe(500);
      expect(await db.transaction.count({ where: { userId: shopper.user.id } })).toBe(1);
      const mine = (await auditRows()).filter((r) => r.staffId === staff.user.id);
      expect(mine.map((r) => r.action)).toEqual(["wallet.adjust"]);
    },
  );

  itOnPostgres(
    "two parallel cancels and two parallel handovers with one key each: one refund, one sale",
    async () => {
      const a = await world();
      const cancels = await Promise.all(
        [1, 2].map(() => cancelOrder(a.buyer.cookie, a.orderId, "c-1")),
      );
      expect(cancels.map((r) => [r.status, r.json.status])).toEqual([
        [200, "cancelled"],
        [200, "cancelled"],
      ]);
      expect(cancels.filter(replayed)).toHaveLength(1);
      expect(await balanceCents(a.buyer.user.id)).toBe(10_000);

      const b = await world();
      const handovers = await Promise.all(
        [1, 2].map(() => complete(b.farmer.cookie, b.orderId, "h-1")),
      );
      expect(handovers.map((r) => [r.status, r.json.order.status])).toEqual([
        [200, "completed"],
        [200, "completed"],
      ]);
      expect(handovers.filter(replayed)).toHaveLength(1);
      const sales = await db.farmLedgerEntry.findMany({
        where: { orderId: b.orderId, type: "sale" },
      });
      expect(sales.map((s) => s.amountCents)).toEqual([1700]);
    },
  );

  it("a staff adjustment sent again with its key replays it; the key with another amount is 409", async () => {
    const staff = await createStaff(true);
    const shopper = await createUserWithSession();
    const first = await adjust(staff, shopper.user.id, 5, "adj-2");
    const again = await adjust(staff, shopper.user.id, 5, "adj-2");
    expect([first.status, replayed(first), again.status, replayed(again)]).toEqual([
      201,
      false,
      201,
      true,
    ]);
    expect(again.json).toEqual(first.json);
    const other = await adjust(staff, shopper.user.id, 7, "adj-2");
    expect([other.status, other.json.code]).toEqual([409, "idempotency_key_reused"]);
    expect(await balanceCents(shopper.user.id)).toBe(500);
  });

  it("cancel, hand over and undo the handover replay their first answer for their key", async () => {
    const w = await world();
    const done = await complete(w.farmer.cookie, w.orderId, "h-2");
    const doneAgain = await complete(w.farmer.cookie, w.orderId, "h-2");
    expect([done.status, doneAgain.status, replayed(doneAgain)]).toEqual([200, 200, true]);
    expect(doneAgain.json).toEqual(done.json);
    // Without the key a second handover is refused: the order is no longer active.
    expect((await complete(w.farmer.cookie, w.orderId)).status).toBe(409);

    const undo = (k: string) =>
      call(undoRoute.POST, `/api/my-farm/orders/${w.orderId}/undo-complete`, {
        method: "POST",
        cookie: w.farmer.cookie,
        params: { id: String(w.orderId) },
        headers: key(k),
      });
    const undone = await undo("u-1");
    const undoneAgain = await undo("u-1");
    expect([undone.status, undoneAgain.status, replayed(undoneAgain)]).toEqual([200, 200, true]);
    expect(undoneAgain.json.order.status).toBe("active");
    const rows = await db.farmLedgerEntry.findMany({ where: { orderId: w.orderId } });
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(0);
    expect(rows).toHaveLength(4);

    const cancelled = await cancelOrder(w.buyer.cookie, w.orderId, "c-2");
    const cancelledAgain = await cancelOrder(w.buyer.cookie, w.orderId, "c-2");
    expect([cancelled.status, cancelledAgain.status, replayed(cancelledAgain)]).toEqual([
      200,
      200,
      true,
    ]);
    expect(await db.transaction.count({ where: { userId: w.buyer.user.id, type: "refund" } })).toBe(
      1,
    );
  });

  it("declining a card, marking a payout paid, holding payouts and releasing a wallet hold replay for their key", async () => {
    const w = await world();
    const chard = await createProduct(w.farmer.farm.id, { name: "Chard", priceCents: 400 });
    const kaleLine = await db.orderItem.findFirstOrThrow({
      where: { orderId: w.orderId, productId: w.kale.id },
    });
    const card = await call(proposeRoute.POST, `/api/my-farm/orders/${w.orderId}/adjustments`, {
      body: { lines: [{ itemId: kaleLine.id, substituteProductId: chard.id }] },
      cookie: w.farmer.cookie,
      params: { id: String(w.orderId) },
    });
    expect(card.json.status).toBe("pending");
    const decline = () =>
      call(declineRoute.POST, `/api/orders/${w.orderId}/adjustments/${card.json.id}/decline`, {
        method: "POST",
        cookie: w.buyer.cookie,
        params: { id: String(w.orderId), aid: String(card.json.id) },
        headers: key("d-1"),
      });
    const declined = [await decline(), await decline()];
    expect(declined.map((r) => [r.status, r.json.status, replayed(r)])).toEqual([
      [200, "declined", false],
      [200, "declined", true],
    ]);

    const staff = await createStaff(true);
    const payout = await db.payout.create({
      data: {
        farmId: w.farmer.farm.id,
        periodEnd: "2026-11-30",
        amountCents: 1500,
        status: "pending_manual",
      },
    });
    const paid = () =>
      callOps(
        opsApi.markPaid,
        { id: String(payout.id) },
        { cookie: staff.cookie, body: { reference: "BANK-1" }, headers: key("p-1") },
      );
    const paidTwice = [await paid(), await paid()];
    expect(paidTwice.map((r) => [r.status, r.json.status, replayed(r)])).toEqual([
      [200, "paid", false],
      [200, "paid", true],
    ]);

    await db.farmAccount.upsert({
      where: { farmId: w.farmer.farm.id },
      create: { farmId: w.farmer.farm.id },
      update: {},
    });
    const hold = () =>
      callOps(
        opsApi.holdFarm,
        { id: String(w.farmer.farm.id) },
        {
          cookie: staff.cookie,
          body: { held: true, reason: "Checking bank" },
          headers: key("f-1"),
        },
      );
    const held = [await hold(), await hold()];
    expect(held.map((r) => [r.status, r.json.payoutsHeld, replayed(r)])).toEqual([
      [200, true, false],
      [200, true, true],
    ]);

    const topUp = await db.topUp.create({
      data: {
        userId: w.buyer.user.id,
        amountCents: 2500,
        status: "paid",
        paymentIntent: "pi_keys",
      },
    });
    await db.walletHold.create({
      data: {
        stripeId: "dp_keys",
        userId: w.buyer.user.id,
        topUpId: topUp.id,
        amountCents: 2500,
        reason: "fraudulent",
      },
    });
    const release = () =>
      callOps(
        opsApi.releaseHold,
        { id: String(w.buyer.user.id), stripeId: "dp_keys" },
        { cookie: staff.cookie, body: { reason: "Settled" }, headers: key("r-1") },
      );
    const released = [await release(), await release()];
    expect(released.map((r) => [r.status, replayed(r)])).toEqual([
      [200, false],
      [200, true],
    ]);
    const mine = (await auditRows()).filter((r) => r.staffId === staff.user.id);
    expect(mine.map((r) => r.action)).toEqual([
      "payout.mark_paid",
      "payout.hold",
      "wallet.release_hold",
    ]);
  });
});
