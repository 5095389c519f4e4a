import { describe, expect, it } from "vitest";
import * as packRoute from "@/app/api/my-farm/pack-list/route";
import * as ticksRoute from "@/app/api/my-farm/pack-list/ticks/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { createFarmerWithSession, createProduct } from "../support/factories";
import { createOrderInSlot, createPickupPoint, createWindow } from "../support/fulfilment";

const DATE = "2026-11-28";

const tick = (cookie: string, body: unknown, key?: string) =>
  call(ticksRoute.PUT, "/api/my-farm/pack-list/ticks", {
    method: "PUT",
    cookie,
    body,
    headers: key ? { "idempotency-key": key } : {},
  });

async function farmWithOrder(status: "active" | "completed" = "active") {
  const me = await createFarmerWithSession();
  const point = await createPickupPoint(me.farm.id);
  const w = await createWindow(me.farm.id, { pickupPointId: point.id });
  const kale = await createProduct(me.farm.id, { name: "Kale" });
  const eggs = await createProduct(me.farm.id, { name: "Eggs" });
  const order = await createOrderInSlot(me.farm.id, w, DATE, {
    lines: [
      { product: kale, quantity: 2 },
      { product: eggs, quantity: 1 },
    ],
    place: { pickupName: point.name, pickupAddress: point.address },
    status,
  });
  return { me, kale, eggs, order };
}

describe("Pack list tick-offs", () => {
  it("ticks a line, then the whole order, and the pack list reads them back; unticking removes them", async () => {
    const { me, kale, eggs, order } = await farmWithOrder();
    const one = await tick(me.cookie, { orderId: order.id, productId: eggs.id, packed: true });
    expect(one.status, one.text).toBe(200);
    expect(one.json).toEqual({ orderId: order.id, packed: [eggs.id] });
    // A repeat changes nothing.
    expect(
      (await tick(me.cookie, { orderId: order.id, productId: eggs.id, packed: true })).json,
    ).toEqual({ orderId: order.id, packed: [eggs.id] });

    const all = await tick(me.cookie, { orderId: order.id, productId: null, packed: true });
    expect(all.json.packed).toEqual([kale.id, eggs.id].sort((a, b) => a - b));
    const list = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}`, {
      cookie: me.cookie,
    });
    expect(list.json.orders[0].packed).toEqual([kale.id, eggs.id].sort((a, b) => a - b));

    const off = await tick(me.cookie, { orderId: order.id, productId: kale.id, packed: false });
    expect(off.json).toEqual({ orderId: order.id, packed: [eggs.id] });
    const none = await tick(me.cookie, { orderId: order.id, productId: null, packed: false });
    expect(none.json).toEqual({ orderId: order.id, packed: [] });
  });

  it("refuses another farm's order (404), a product not in the order (404), a handed-over order (409) and bad input (400)", async () => {
    const { me, order } = await farmWithOrder();
    const other = await createFarmerWithSession();
    const foreign = await tick(other.cookie, { orderId: order.id, productId: null, packed: true });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("not_found");

    const stranger = await createProduct(me.farm.id, { name: "Not ordered" });
    const notInOrder = await tick(me.cookie, {
      orderId: order.id,
      productId: stranger.id,
      packed: true,
    });
    expect(notInOrder.status).toBe(404);
    expect(notInOrder.json.message).toBe("This product is not in the order");

    const done = await farmWithOrder("completed");
    const closed = await tick(done.me.cookie, {
      orderId: done.order.id,
      productId: null,
      packed: true,
    });
    expect(closed.status).toBe(409);
    expect(closed.json.code).toBe("order_not_active");

    const bad = await tick(me.cookie, { orderId: order.id, productId: null, packed: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.packed).toBe("packed must be true or false");
  });

  it("a tick sent again with its Idempotency-Key replays its first answer and never undoes a later untick", async () => {
    const { me, kale, order } = await farmWithOrder();
    const on = { orderId: order.id, productId: kale.id, packed: true };
    expect((await tick(me.cookie, on, "tick-1")).json.packed).toEqual([kale.id]);
    const off = await tick(me.cookie, { ...on, packed: false }, "tick-2");
    expect(off.json.packed).toEqual([]);

    // The offline queue's copy of the first tick (its answer was lost) arrives late.
    const copy = await tick(me.cookie, on, "tick-1");
    expect(copy.status, copy.text).toBe(200);
    expect(copy.json).toEqual({ orderId: order.id, packed: [kale.id] });
    expect(await db.packTick.count({ where: { orderId: order.id } })).toBe(0);

    // One key is one tick: the same key for another tick is refused.
    const reused = await tick(me.cookie, { ...on, packed: false }, "tick-1");
    expect(reused.status).toBe(409);
    expect(reused.json.code).toBe("idempotency_key_reused");
  });

  it("lists the next 14 days with their order counts for the day picker", async () => {
    const { me } = await farmWithOrder();
    const res = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}`, {
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json.days.length).toBeGreaterThanOrEqual(14);
    expect(res.json.days).toContainEqual({ date: DATE, orders: 1 });
    expect(res.json.days[0].date <= res.json.today).toBe(true);
  });
});
