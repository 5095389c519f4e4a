import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import * as undoRoute from "@/app/api/my-farm/orders/[id]/undo-complete/route";
import { closeListener } from "@/lib/server/platform/notify";
import { reconcile } from "@/lib/server/payments/reconcile";
import { call } from "../support/http";
import { createProduct, createUserWithSession } from "../support/factories";
import { placeOrder, topUp, checkLedgerAfterEach } from "../wallet/support";
import { itOnPostgres } from "../support/races";
import { farmerWithSession } from "./support";

checkLedgerAfterEach();
afterAll(closeListener);

const post = (
  handler: typeof completeRoute.POST,
  path: string,
  cookie: string,
  id: number,
  key?: string,
) =>
  call(handler, `/api/my-farm/orders/${id}/${path}`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    headers: key ? { "idempotency-key": key } : {},
  });
const complete = (cookie: string, id: number, key?: string) =>
  post(completeRoute.POST, "complete", cookie, id, key);
const undo = (cookie: string, id: number) => post(undoRoute.POST, "undo-complete", cookie, id);

async function placedOrder() {
  const me = await farmerWithSession({ farmName: "Undo Farm" });
  const buyer = await createUserWithSession();
  const product = await createProduct(me.farm.id, { priceCents: 1000, stock: 20 });
  await topUp(buyer.cookie, 100);
  const placed = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
  expect(placed.status, placed.text).toBe(201);
  return { me, buyer, orderId: placed.json.orders[0].id as number };
}

async function handedOverOrder() {
  const { me, buyer, orderId } = await placedOrder();
  const done = await complete(me.cookie, orderId);
  expect(done.status, done.text).toBe(200);
  return { me, buyer, orderId };
}

/** What `npm run payments:reconcile` finds about this order: nothing. */
const problemsOf = async (orderId: number) =>
  (await reconcile()).flatMap((c) => c.problems).filter((p) => p.includes(`order ${orderId}:`));

const balance = async (farmId: number) =>
  (await db.farmAccount.findUnique({ where: { farmId } }))?.balanceCents ?? 0;

describe("Handed over, then Undo", () => {
  it("undo within 5 minutes: active again, earnings reversed on the ledger, buyer told; handing over again earns once more", async () => {
    const { me, buyer, orderId } = await handedOverOrder();
    const earned = await balance(me.farm.id);
    expect(earned).toBeGreaterThan(0);

    const res = await undo(me.cookie, orderId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.order).toMatchObject({ id: orderId, status: "active", completedAt: null });
    expect(await balance(me.farm.id)).toBe(0);
    const undone = await db.farmLedgerEntry.findMany({
      where: { orderId, dedupeKey: { startsWith: "undo-" } },
      orderBy: { id: "asc" },
    });
    expect(undone.map((e) => [e.type, e.amountCents < 0])).toEqual([
      ["sale", true],
      ["commission", false],
    ]);
    expect(await problemsOf(orderId)).toEqual([]);
    expect(undone.map((e) => e.dedupeKey)).toEqual([
      `undo-sale-${orderId}`,
      `undo-commission-${orderId}`,
    ]);
    const messages = await db.message.findMany({
      where: { senderId: me.owner.id, receiverId: buyer.user.id },
      orderBy: { id: "asc" },
      select: { content: true },
    });
    expect(messages.at(-1)?.content).toContain(
      `order #${orderId} from Undo Farm was marked completed by mistake`,
    );

    // A second undo finds nothing to undo.
    const again = await undo(me.cookie, orderId);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("order_not_active");

    // Handed over again: a fresh round of ledger rows and a fresh message.
    expect((await complete(me.cookie, orderId)).status).toBe(200);
    expect(await balance(me.farm.id)).toBe(earned);
    expect(await problemsOf(orderId)).toEqual([]);
    const keys = await db.farmLedgerEntry.findMany({
      where: { orderId, dedupeKey: { endsWith: "-r1" } },
      select: { dedupeKey: true },
    });
    expect(keys.map((k) => k.dedupeKey).sort()).toEqual([
      `commission-${orderId}-r1`,
      `sale-${orderId}-r1`,
    ]);
    const count = await db.message.count({
      where: { senderId: me.owner.id, receiverId: buyer.user.id },
    });
    expect(count).toBe(3);
  });

  it("refuses an undo after 5 minutes (409 undo_expired) and another farm's order (404)", async () => {
    const { me, orderId } = await handedOverOrder();
    const other = await farmerWithSession();
    const foreign = await undo(other.cookie, orderId);
    expect(foreign.status).toBe(404);

    await db.order.update({
      where: { id: orderId },
      data: { completedAt: new Date(Date.now() - 6 * 60_000) },
    });
    const late = await undo(me.cookie, orderId);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("undo_expired");
    expect(late.json.message).toContain("more than 5 minutes ago");
    const row = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(row.status).toBe("completed");
  });
});

describe("Handed over with an Idempotency-Key (the phone's offline queue)", () => {
  const sales = (orderId: number) => db.farmLedgerEntry.count({ where: { orderId, type: "sale" } });
  const told = (farmerId: number, buyerId: number) =>
    db.message.count({ where: { senderId: farmerId, receiverId: buyerId } });

  it("a handover sent twice with one key completes once, earns once, tells the buyer once and answers the first answer", async () => {
    const { me, buyer, orderId } = await placedOrder();
    const first = await complete(me.cookie, orderId, "handover-1");
    expect(first.status, first.text).toBe(200);
    const copy = await complete(me.cookie, orderId, "handover-1");
    expect(copy.status, copy.text).toBe(200);
    expect(copy.json).toEqual(first.json);
    expect(await sales(orderId)).toBe(1);
    expect(await told(me.owner.id, buyer.user.id)).toBe(1);
    expect(await problemsOf(orderId)).toEqual([]);

    // Without the key a repeat is what it always was: 409, the order is not active.
    const bare = await complete(me.cookie, orderId);
    expect(bare.status).toBe(409);
    expect(bare.json.code).toBe("order_not_active");
  });

  it("a queued handover of an order cancelled meanwhile is refused with the reason, and nothing is stored for its key", async () => {
    const { me, buyer, orderId } = await placedOrder();
    await db.order.update({ where: { id: orderId }, data: { status: "cancelled" } });
    const refused = await complete(me.cookie, orderId, "handover-2");
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "Only active orders can be completed; this order is cancelled",
    );
    expect(await db.idempotencyKey.count({ where: { key: "handover-2" } })).toBe(0);
    expect(await told(me.owner.id, buyer.user.id)).toBe(0);
  });

  itOnPostgres("two copies of one handover racing complete the order once", async () => {
    const { me, buyer, orderId } = await placedOrder();
    const answers = await Promise.all([
      complete(me.cookie, orderId, "handover-3"),
      complete(me.cookie, orderId, "handover-3"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1].json).toEqual(answers[0].json);
    expect(await sales(orderId)).toBe(1);
    expect(await told(me.owner.id, buyer.user.id)).toBe(1);
  });
});
