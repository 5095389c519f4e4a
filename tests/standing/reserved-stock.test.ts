import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as oneRoute from "@/app/api/standing-orders/[id]/route";
import * as productsRoute from "@/app/api/standing-orders/[id]/products/route";
import * as ordersRoute from "@/app/api/orders/route";
import * as myProductsRoute from "@/app/api/my-farm/products/route";
import * as myProductRoute from "@/app/api/my-farm/products/[id]/route";
import { placeDueStandingOrders, placeNextDue } from "@/lib/server/standing/worker";
import { refreshHolds } from "@/lib/server/standing/holds";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { call } from "../support/http";
import {
  createFarm,
  createProduct,
  createUserWithSession,
  sessionCookie,
} from "../support/factories";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { chefAndGreenAcres, patchStanding, saturdayPickup, type StandingWorld } from "./support";

checkLedgerAfterEach();

let world: StandingWorld;
let chef: StandingWorld["chef"];
let farm: StandingWorld["farm"];
let farmerCookie: string;
let apples: StandingWorld["apples"];

beforeEach(async () => {
  // The file shares one database: earlier tests' standing orders must not be placed or held here.
  await db.standingOrder.updateMany({ data: { status: "cancelled" } });
  await db.stockReservation.deleteMany();
  await db.product.updateMany({ data: { reserved: 0 } });
  world = await chefAndGreenAcres(20);
  ({ chef, farm, apples } = world);
  farmerCookie = await sessionCookie(world.owner.id);
});

const standing = (cookie: string, quantity: number) => saturdayPickup(world, cookie, quantity);
const patch = (id: number, body: Record<string, unknown>) => patchStanding(id, body, chef.cookie);

async function checkout(cookie: string, quantity: number) {
  const slot = (await listSlots(farm.id, 14)).find((s) => s.kind === "pickup")!;
  return call(ordersRoute.POST, "/api/orders", {
    body: {
      items: [{ productId: apples.id, quantity }],
      fulfilment: { [farm.id]: { slotId: slot.slotId } },
    },
    cookie,
  });
}

const shelf = async () => {
  const p = await db.product.findUniqueOrThrow({ where: { id: apples.id } });
  return { stock: p.stock, reserved: p.reserved, inStock: p.inStock };
};
const holdOf = async (standingOrderId: number) =>
  (await db.stockReservation.findMany({ where: { standingOrderId } })).map((r) => ({
    localDate: r.localDate,
    wanted: r.wanted,
    quantity: r.quantity,
  }));
const dueNow = (s: { placesAt: string }) => new Date(new Date(s.placesAt).getTime() + 60_000);
const setStock = (stock: number) =>
  call(myProductRoute.PATCH, `/api/my-farm/products/${apples.id}`, {
    method: "PATCH",
    body: { stock },
    cookie: farmerCookie,
    params: { id: String(apples.id) },
  });

describe("reserved stock: holds", () => {
  it("a standing order inside the horizon holds its units; shoppers buy only what is free; the farm sees reserved and available", async () => {
    const s = await standing(chef.cookie, 15);
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 15, quantity: 15 }]);
    expect(await shelf()).toEqual({ stock: 20, reserved: 15, inStock: true });

    const mine = await call(myProductsRoute.GET, "/api/my-farm/products", {
      cookie: farmerCookie,
    });
    expect(mine.json.find((p: { id: number }) => p.id === apples.id)).toMatchObject({
      stock: 20,
      reserved: 15,
      available: 5,
      inStock: true,
    });

    const shopper = await createUserWithSession();
    await topUp(shopper.cookie, 200);
    const tooMany = await checkout(shopper.cookie, 6);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe("Only 5 lb of Apples left in stock");
    expect((await checkout(shopper.cookie, 5)).status).toBe(201);
    // Sold out for everyone else, though 15 are still on the shelf for the chef.
    expect(await shelf()).toEqual({ stock: 15, reserved: 15, inStock: false });
    expect((await checkout(shopper.cookie, 1)).json.message).toBe("Apples is out of stock");
  });

  it("a farm with a shorter horizon holds nothing until the occurrence comes within it; the loop then holds it", async () => {
    await db.farm.update({ where: { id: farm.id }, data: { bookingHorizonDays: 0 } });
    const s = await standing(chef.cookie, 4);
    expect(await holdOf(s.id)).toEqual([]);
    expect((await shelf()).reserved).toBe(0);
    // Two minutes before its placement time it is within a 0-day horizon... only once due.
    expect(await refreshHolds(new Date(new Date(s.placesAt).getTime() - 120_000))).toBe(0);
    expect(await refreshHolds(new Date(s.placesAt))).toBe(1);
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 4, quantity: 4 }]);
    expect(await refreshHolds(new Date(s.placesAt))).toBe(0);
  });

  it("pause, skip next, an edit and cancel move the hold at once; resume takes it back", async () => {
    const s = await standing(chef.cookie, 6);
    expect((await shelf()).reserved).toBe(6);
    expect((await patch(s.id, { action: "pause" })).status).toBe(200);
    expect((await shelf()).reserved).toBe(0);
    expect(await holdOf(s.id)).toEqual([]);
    expect((await patch(s.id, { action: "resume" })).status).toBe(200);
    expect((await shelf()).reserved).toBe(6);
    expect((await patch(s.id, { items: [{ productId: apples.id, quantity: 9 }] })).status).toBe(
      200,
    );
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 9, quantity: 9 }]);
    expect((await shelf()).reserved).toBe(9);
    expect((await patch(s.id, { action: "skipNext" })).status).toBe(200);
    expect((await shelf()).reserved).toBe(0);
    expect((await patch(s.id, { action: "resume" })).status).toBe(200);
    const cancelled = await call(oneRoute.DELETE, `/api/standing-orders/${s.id}`, {
      method: "DELETE",
      cookie: chef.cookie,
      params: { id: String(s.id) },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await shelf()).toEqual({ stock: 20, reserved: 0, inStock: true });
  });

  it("undoing a skip takes the hold back at once, and the occurrence is placed after all", async () => {
    const s = await standing(chef.cookie, 6);
    const skipped = await patch(s.id, { action: "skipNext" });
    expect(skipped.json.skipNextDate).toBe(s.nextDate);
    expect(await holdOf(s.id)).toEqual([]);
    expect((await shelf()).reserved).toBe(0);

    const undone = await patch(s.id, { action: "unskip" });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json).toMatchObject({ nextDate: s.nextDate, skipNextDate: null });
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 6, quantity: 6 }]);
    expect((await shelf()).reserved).toBe(6);
    // Again: nothing to undo, nothing moves.
    const again = await patch(s.id, { action: "unskip" });
    expect(again.status).toBe(200);
    expect((await shelf()).reserved).toBe(6);

    // The worker places this week (it would have skipped it).
    expect(await placeNextDue(dueNow(s))).toMatchObject({
      localDate: s.nextDate,
      status: "placed",
    });

    // A paused standing order has no skip to undo.
    expect((await patch(s.id, { action: "pause" })).status).toBe(200);
    const paused = await patch(s.id, { action: "unskip" });
    expect(paused.status).toBe(409);
    expect(paused.json.message).toBe("Resume this standing order first");
  });

  it("a new product joins at the restaurant price in whole cases and is held at once", async () => {
    const s = await standing(chef.cookie, 6);
    const pears = await db.product.update({
      where: {
        id: (await createProduct(farm.id, { name: "Pears", priceCents: 500, stock: 40 })).id,
      },
      data: { restaurantPriceCents: 420, caseSize: 10 },
    });
    const hidden = await createProduct(farm.id, { name: "Hidden", isHidden: true });
    const other = await createProduct((await createFarm()).farm.id, { name: "Elsewhere" });

    const list = await call(productsRoute.GET, `/api/standing-orders/${s.id}/products`, {
      cookie: chef.cookie,
      params: { id: String(s.id) },
    });
    expect(list.status, list.text).toBe(200);
    const names = list.json.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["Apples", "Pears"]));
    expect(names).not.toContain(hidden.name);
    expect(names).not.toContain(other.name);
    expect(list.json.find((p: { id: number }) => p.id === pears.id)).toMatchObject({
      price: 4.2,
      priceLevel: "restaurant",
      caseSize: 10,
    });

    // Not whole cases: refused, nothing moves.
    const odd = await patch(s.id, {
      items: [
        { productId: apples.id, quantity: 6 },
        { productId: pears.id, quantity: 5 },
      ],
    });
    expect(odd.status).toBe(400);
    expect(odd.json.message).toBe("Pears is sold by the case of 10 lb: order a multiple of 10");
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 6, quantity: 6 }]);

    const added = await patch(s.id, {
      items: [
        { productId: apples.id, quantity: 6 },
        { productId: pears.id, quantity: 20 },
      ],
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json.items).toEqual([
      expect.objectContaining({ productName: "Apples", quantity: 6, price: 10 }),
      expect.objectContaining({ productName: "Pears", quantity: 20, price: 4.2 }),
    ]);
    const held = await db.stockReservation.findMany({
      where: { standingOrderId: s.id },
      orderBy: { productId: "asc" },
    });
    expect(held.map((r) => [r.productId, r.quantity])).toEqual([
      [apples.id, 6],
      [pears.id, 20],
    ]);
    expect((await db.product.findUniqueOrThrow({ where: { id: pears.id } })).reserved).toBe(20);

    // Someone else's standing order, or a shopper asking: no list.
    const other2 = await createUserWithSession({ userType: "restaurant" });
    const foreign = await call(productsRoute.GET, `/api/standing-orders/${s.id}/products`, {
      cookie: other2.cookie,
      params: { id: String(s.id) },
    });
    expect(foreign.status).toBe(404);
    const shopper = await createUserWithSession();
    const retail = await call(productsRoute.GET, `/api/standing-orders/${s.id}/products`, {
      cookie: shopper.cookie,
      params: { id: String(s.id) },
    });
    expect(retail.status).toBe(403);
  });

  it("placing the occurrence turns its hold into the order in one transaction; the next week is held again", async () => {
    const s = await standing(chef.cookie, 3);
    const [out] = await placeDueStandingOrders(dueNow(s));
    expect(out).toMatchObject({ status: "placed" });
    const order = await db.order.findUniqueOrThrow({
      where: { id: out.orderId },
      include: { items: true },
    });
    expect(order.items.map((i) => i.quantity)).toEqual([3]);
    // 3 taken by the order; the following Saturday (within 7 days of now) holds 3 more.
    expect(await shelf()).toEqual({ stock: 17, reserved: 3, inStock: true });
    const next = await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } });
    expect(await holdOf(s.id)).toEqual([{ localDate: next.nextDate, wanted: 3, quantity: 3 }]);
    expect(next.nextDate).not.toBe(s.nextDate);
  });
});

describe("reserved stock: the farm counts fewer than are held", () => {
  it("the shortfall goes to the newest standing order; its occurrence is placed short with an applied card, not failed", async () => {
    const chef2 = await createUserWithSession({ fullName: "Basil Chef", userType: "restaurant" });
    await topUp(chef2.cookie, 500);
    const older = await standing(chef.cookie, 6);
    const newer = await standing(chef2.cookie, 6);
    expect(await shelf()).toEqual({ stock: 20, reserved: 12, inStock: true });

    const edit = await setStock(8);
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({ stock: 8, reserved: 8, available: 0, inStock: false });
    expect(await holdOf(older.id)).toEqual([{ localDate: older.nextDate, wanted: 6, quantity: 6 }]);
    expect(await holdOf(newer.id)).toEqual([{ localDate: newer.nextDate, wanted: 6, quantity: 2 }]);

    const outcomes = await placeDueStandingOrders(dueNow(older));
    expect(outcomes.map((o) => o.status)).toEqual(["placed", "placed"]);
    const orderOf = async (userId: number) =>
      db.order.findFirstOrThrow({ where: { userId }, include: { items: true } });
    const first = await orderOf(chef.user.id);
    const second = await orderOf(chef2.user.id);
    expect(first.items.map((i) => i.quantity)).toEqual([6]);
    expect(second.items.map((i) => i.quantity)).toEqual([2]);
    // Charged for what was placed only.
    expect(await balanceCents(chef2.user.id)).toBe(50_000 - 2_000);
    expect(await db.orderAdjustment.count({ where: { orderId: first.id } })).toBe(0);
    const [card] = await db.orderAdjustment.findMany({
      where: { orderId: second.id },
      include: { message: true },
    });
    expect(card).toMatchObject({ status: "applied", deltaCents: 0, buyerId: chef2.user.id });
    expect(card.lines).toEqual([
      {
        itemId: second.items[0].id,
        before: { productId: apples.id, name: "Apples", quantity: 6, priceCents: 1000 },
        after: { productId: apples.id, name: "Apples", quantity: 2, priceCents: 1000 },
      },
    ]);
    expect(card.message!.content).toMatch(
      /^Green Acres adjusted order #\d+: Apples 6 → 2\. You pay only for what was placed\.\nThe farm's stock fell below/,
    );
    expect((await shelf()).stock).toBe(0);
  });

  it("a count of 0 below the holds places nothing: the occurrence fails with the reason", async () => {
    const s = await standing(chef.cookie, 4);
    expect((await setStock(0)).json).toMatchObject({ stock: 0, reserved: 0, available: 0 });
    expect(await holdOf(s.id)).toEqual([{ localDate: s.nextDate, wanted: 4, quantity: 0 }]);
    const [out] = await placeDueStandingOrders(dueNow(s));
    expect(out).toMatchObject({
      status: "failed",
      reason: "Apples is out of stock",
    });
    // Restocking tops the next week's hold back up on the loop's next round.
    await setStock(10);
    expect(await refreshHolds(dueNow(s))).toBe(1);
    expect((await shelf()).reserved).toBe(4);
  });
});

describe("reserved stock under concurrency (PostgreSQL)", () => {
  itOnPostgres(
    "20 shoppers checking out the last free units while the hold is released and taken again never oversell",
    async () => {
      await db.product.update({ where: { id: apples.id }, data: { stock: 200 } });
      const s = await standing(chef.cookie, 10);
      await setStock(18); // 10 held, 8 free.
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUserWithSession()));
      for (const b of shoppers) await topUp(b.cookie, 50);
      const toggles = (async () => {
        for (let i = 0; i < 6; i++) await patch(s.id, { action: i % 2 === 0 ? "pause" : "resume" });
      })();
      const results = await Promise.all(shoppers.map((b) => checkout(b.cookie, 1)));
      await toggles;
      const sold = results.filter((r) => r.status === 201).length;
      for (const r of results.filter((r) => r.status !== 201)) expect(r.status).toBe(409);
      const after = await shelf();
      const held = (await db.stockReservation.findMany({ where: { standingOrderId: s.id } }))
        .map((r) => r.quantity)
        .reduce((a, b) => a + b, 0);
      const ordered = await db.orderItem.aggregate({
        where: { productId: apples.id, order: { status: "active" } },
        _sum: { quantity: true },
      });
      // Every unit is either sold, held or on the shelf: never more than the 18 counted.
      expect(ordered._sum.quantity).toBe(sold);
      expect(after.stock).toBe(18 - sold);
      expect(after.reserved).toBe(held);
      expect(after.reserved).toBeLessThanOrEqual(after.stock);
      expect(sold).toBeGreaterThanOrEqual(8);
      expect(sold + after.reserved).toBeLessThanOrEqual(18);
      // The standing order ended resumed: it holds what was left for it, up to its 10.
      expect(after.reserved).toBe(Math.min(10, 18 - sold));
    },
  );

  itOnPostgres("two workers place an occurrence once, and its hold once", async () => {
    const s = await standing(chef.cookie, 5);
    const [a, b] = await Promise.all([placeNextDue(dueNow(s)), placeNextDue(dueNow(s))]);
    expect([a?.status, b?.status].filter((x) => x === "placed")).toHaveLength(1);
    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(1);
    expect(await shelf()).toEqual({ stock: 15, reserved: 5, inStock: true });
  });
});
