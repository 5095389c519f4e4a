import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as ordersRoute from "@/app/api/orders/route";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { editOrder } from "@/lib/server/orders/edit-order";
import { call, expectError, expectMessage } from "../support/http";
import { adjustmentRows, cancelOrder, linesOf, patchOrder, stockOf } from "../support/orders";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { createAddress, createPickupAndDelivery } from "../support/fulfilment";
import { buyerAndGreenAcres, type GreenAcresWorld } from "../support/green-acres";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";

checkLedgerAfterEach();

type Line = { productId: number; quantity: number };

let me: GreenAcresWorld["buyer"];
let farm: GreenAcresWorld["farmer"]["farm"];
let carrots: GreenAcresWorld["carrots"];
let kale: GreenAcresWorld["kale"];
let beets: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  ({
    buyer: me,
    farmer: { farm },
    carrots,
    kale,
  } = await buyerAndGreenAcres({ fullName: "Edna Edit" }));
  await createPickupAndDelivery(farm.id);
  beets = await createProduct(farm.id, { name: "Beets", priceCents: 400, stock: 100 });
});

async function placeWithSlot(
  cookie: string,
  items: Line[],
  kind: "pickup" | "delivery" = "pickup",
) {
  const slot = (await listSlots(farm.id, 14)).find((s) => s.kind === kind)!;
  const choice =
    kind === "pickup"
      ? { slotId: slot.slotId }
      : {
          slotId: slot.slotId,
          addressId: (await createAddress(me.user.id)).id,
        };
  const res = await call(ordersRoute.POST, "/api/orders", {
    body: { items, fulfilment: { [farm.id]: choice } },
    cookie,
  });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.text}`);
  return res.json.orders[0] as { id: number; totalAmount: number; fulfilment: { cutoff: string } };
}

const stocks = async () => [
  await stockOf(carrots.id),
  await stockOf(kale.id),
  await stockOf(beets.id),
];
const linesByProduct = (orderId: number) => linesOf(orderId, "productId");

describe("PATCH /api/orders/{id}: changing an order before its cutoff", () => {
  it("raising a quantity takes the stock and charges the difference as one adjustment; the line keeps its price", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    await db.product.update({ where: { id: carrots.id }, data: { priceCents: 999 } });
    const res = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 5 }]);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id: o.id,
      totalAmount: 15,
      itemCount: 5,
      status: "active",
      editableUntil: o.fulfilment.cutoff,
    });
    expect(res.json.events.map((e: { note: string }) => e.note)).toEqual([
      "Paid from wallet",
      "Changed by the buyer: Carrots 2 → 5",
    ]);
    expect(await linesByProduct(o.id)).toEqual([["Carrots", 5, 300]]);
    expect(await stocks()).toEqual([95, 100, 100]);
    expect(
      (await adjustmentRows(me.user.id)).map((t) => [t.amountCents, t.description, t.reference]),
    ).toEqual([[-900, `Order #${o.id} changed`, `ORDER-${o.id}`]]);
    expect(await balanceCents(me.user.id)).toBe(10000 - 1500);
  });

  it("lowering, removing and adding lines moves stock exactly and refunds or charges the net difference; new lines take today's price", async () => {
    const o = await placeWithSlot(me.cookie, [
      { productId: carrots.id, quantity: 4 },
      { productId: kale.id, quantity: 2 },
    ]);
    expect(await stocks()).toEqual([96, 98, 100]);
    await db.product.update({ where: { id: beets.id }, data: { priceCents: 450 } });

    // Carrots 4 → 1, kale removed, beets added: 3.00 + 4.50 = 7.50 against 17.00 paid.
    const res = await patchOrder(me.cookie, o.id, [
      { productId: beets.id, quantity: 1 },
      { productId: carrots.id, quantity: 1 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.totalAmount).toBe(7.5);
    expect(res.json.events.at(-1).note).toBe(
      "Changed by the buyer: Carrots 4 → 1, Kale removed, Beets added (1)",
    );
    expect(await linesByProduct(o.id)).toEqual([
      ["Carrots", 1, 300],
      ["Beets", 1, 450],
    ]);
    expect(await stocks()).toEqual([99, 100, 99]);
    expect((await adjustmentRows(me.user.id)).map((t) => t.amountCents)).toEqual([950]);
    expect(await balanceCents(me.user.id)).toBe(10000 - 750);

    // Cancelling afterwards refunds what the order costs now, and gives back what it holds now.
    const id = String(o.id);
    expect((await cancelOrder(me.cookie, id)).status).toBe(200);
    expect(await balanceCents(me.user.id)).toBe(10000);
    expect(await stocks()).toEqual([100, 100, 100]);
  });

  it("the same items again change nothing and write no ledger row", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const res = await patchOrder(me.cookie, o.id, [
      { productId: carrots.id, quantity: 1 },
      { productId: carrots.id, quantity: 1 },
    ]);
    expect([res.status, res.json.totalAmount]).toEqual([200, 6]);
    expect(await adjustmentRows(me.user.id)).toEqual([]);
    expect(res.json.events.map((e: { note: string }) => e.note)).toEqual(["Paid from wallet"]);
    expect(await stocks()).toEqual([98, 100, 100]);
  });

  it("insufficient funds is 409 and writes nothing", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const before = {
      stocks: await stocks(),
      lines: await linesByProduct(o.id),
      events: await db.orderEvent.count(),
      ledger: await db.transaction.count(),
    };
    const res = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 40 }]);
    expectError(
      res,
      409,
      "insufficient_funds",
      "Insufficient balance: this change costs $114.00 more but your wallet holds $94.00. Top up your wallet and try again.",
    );
    expect({
      stocks: await stocks(),
      lines: await linesByProduct(o.id),
      events: await db.orderEvent.count(),
      ledger: await db.transaction.count(),
    }).toEqual(before);
    expect((await db.order.findUniqueOrThrow({ where: { id: o.id } })).totalCents).toBe(600);
  });

  it("more than is in stock is 409 out_of_stock; more than the hoarding cap is 409 order_limit", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    await db.product.update({ where: { id: kale.id }, data: { stock: 3 } });
    const short = await patchOrder(me.cookie, o.id, [
      { productId: carrots.id, quantity: 2 },
      { productId: kale.id, quantity: 4 },
    ]);
    expectError(short, 409, "out_of_stock", "Only 3 lb of Kale left in stock");
    await topUp(me.cookie, 500);
    const hoard = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 60 }]);
    expect([hoard.status, hoard.json.code]).toEqual([409, "order_limit"]);
    expect(hoard.json.message).toMatch(/^You can hold at most 50 lb of Carrots in open orders/);
    expect(await stocks()).toEqual([98, 3, 100]);
  });

  it("a product of another farm, or an unknown one, is 400 naming it", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const { farm: other } = await createFarm({ farmName: "Sunny Hen" });
    const eggs = await createProduct(other.id, { name: "Eggs" });
    const foreign = await patchOrder(me.cookie, o.id, [{ productId: eggs.id, quantity: 1 }]);
    expect([foreign.status, foreign.json.code, foreign.json.errors]).toEqual([
      400,
      "validation",
      { items: "Eggs is not sold by Green Acres: order it separately" },
    ]);
    const unknown = await patchOrder(me.cookie, o.id, [{ productId: 2_000_000_000, quantity: 1 }]);
    expectMessage(unknown, 400, "Product 2000000000 was not found");
    const empty = await patchOrder(me.cookie, o.id, []);
    expectMessage(empty, 400, "An order needs at least one product: cancel it instead");
  });

  it("the minimum order is checked again", async () => {
    await db.farm.update({ where: { id: farm.id }, data: { minimumOrderCents: 1000 } });
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 4 }]);
    const res = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 3 }]);
    expectError(res, 409, "below_minimum", "The minimum order at Green Acres is $10.00");
  });

  it("a delivery order's fee is recomputed from the zone's fee and free-over amount copied at checkout", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 10 }], "delivery");
    expect(o.totalAmount).toBe(35); // 30.00 + 5.00 delivery (free from 75.00)
    // The farm raising its fee later does not change this order.
    await db.deliveryZone.updateMany({ where: { farmId: farm.id }, data: { feeCents: 900 } });
    const free = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 25 }]);
    expect([free.status, free.json.totalAmount, free.json.fulfilment.fee]).toEqual([200, 75, 0]);
    const back = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 10 }]);
    expect([back.status, back.json.totalAmount, back.json.fulfilment.fee]).toEqual([200, 35, 5]);
    expect((await adjustmentRows(me.user.id)).map((t) => t.amountCents)).toEqual([-4000, 4000]);
    expect(await balanceCents(me.user.id)).toBe(10000 - 3500);
  });

  it("after the cutoff the order is locked (409), with or without the route", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const cutoff = new Date(o.fulfilment.cutoff);
    await expect(
      editOrder(
        me.user.id,
        o.id,
        { items: [{ productId: carrots.id, quantity: 3 }] },
        undefined,
        cutoff,
      ),
    ).rejects.toMatchObject({
      code: "order_locked",
      message: "This order is locked: the cutoff has passed",
    });
    const { value } = await editOrder(
      me.user.id,
      o.id,
      { items: [{ productId: carrots.id, quantity: 3 }] },
      undefined,
      new Date(cutoff.getTime() - 1),
    );
    expect(value.totalAmount).toBe(9);

    await db.orderFulfilment.update({
      where: { orderId: o.id },
      data: { cutoffAt: new Date(Date.now() - 1000) },
    });
    const res = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 1 }]);
    expectError(res, 409, "order_locked", "This order is locked: the cutoff has passed");
    expect(await stocks()).toEqual([97, 100, 100]);
  });

  it("an order without a slot cannot be changed; someone else's order is 404; a cancelled one is 409", async () => {
    const { farm: plain } = await createFarm({ farmName: "Plain Farm" });
    const pears = await createProduct(plain.id, { name: "Pears" });
    const noSlot = (await placeOrder(me.cookie, [{ productId: pears.id, quantity: 1 }])).json
      .orders[0];
    const locked = await patchOrder(me.cookie, noSlot.id, [{ productId: pears.id, quantity: 2 }]);
    expectError(
      locked,
      409,
      "order_locked",
      "This order has no pickup or delivery time, so it cannot be changed: cancel it and order again",
    );

    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const stranger = await createUserWithSession();
    const theirs = await patchOrder(stranger.cookie, o.id, [
      { productId: carrots.id, quantity: 1 },
    ]);
    expectMessage(theirs, 404, "Order not found");

    const id = String(o.id);
    await cancelOrder(me.cookie, id);
    const cancelled = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 1 }]);
    expect([cancelled.status, cancelled.json.code]).toEqual([409, "order_not_active"]);
  });

  it("a retried edit with the same Idempotency-Key applies once; the key is per order", async () => {
    const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const a = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 3 }], "edit-1");
    const b = await patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 3 }], "edit-1");
    expect([a.status, b.status, b.headers.get("idempotent-replayed")]).toEqual([200, 200, "true"]);
    expect(b.json).toEqual(a.json);
    expect(await adjustmentRows(me.user.id)).toHaveLength(1);
    const reused = await patchOrder(
      me.cookie,
      o.id,
      [{ productId: carrots.id, quantity: 4 }],
      "edit-1",
    );
    expect([reused.status, reused.json.code]).toEqual([409, "idempotency_key_reused"]);
    expect(await stocks()).toEqual([97, 100, 100]);
  });

  itOnPostgres(
    "concurrent edits of one order queue on its row: stock, total and balance match the last one (PostgreSQL only)",
    async () => {
      const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
      const quantities = [3, 7, 1, 5, 9, 4];
      const results = await Promise.all(
        quantities.map((q) =>
          patchOrder(me.cookie, o.id, [
            { productId: carrots.id, quantity: q },
            { productId: kale.id, quantity: 1 },
          ]),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(quantities.map(() => 200));
      const final = await db.order.findUniqueOrThrow({
        where: { id: o.id },
        include: { items: true },
      });
      const carrotLine = final.items.find((i) => i.productId === carrots.id)!;
      expect(quantities).toContain(carrotLine.quantity);
      expect(final.totalCents).toBe(carrotLine.quantity * 300 + 250);
      expect(await stocks()).toEqual([100 - carrotLine.quantity, 99, 100]);
      expect(await balanceCents(me.user.id)).toBe(10000 - final.totalCents);
    },
  );

  itOnPostgres(
    "an edit racing a cancel: either order, the refund matches what was paid (PostgreSQL only)",
    async () => {
      const o = await placeWithSlot(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
      const id = String(o.id);
      const [edited, cancelled] = await Promise.all([
        patchOrder(me.cookie, o.id, [{ productId: carrots.id, quantity: 6 }]),
        cancelOrder(me.cookie, id),
      ]);
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(edited.status);
      expect(await balanceCents(me.user.id)).toBe(10000);
      expect(await stocks()).toEqual([100, 100, 100]);
    },
  );
});
