import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { farmToday } from "@/lib/server/farm-day/today";
import { packList } from "@/lib/server/fulfilment/pack-list";
import { farmPayouts } from "@/lib/server/payments/farm-payouts";
import { recordFarmEntry } from "@/lib/server/payments/farm-ledger";
import * as todayRoute from "@/app/api/my-farm/today/route";
import { farmToday as farmTodaySchema } from "@/lib/contracts/farm";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUser,
  createUserWithSession,
} from "../support/factories";
import { createOrderInSlot, createPickupPoint, createWindow } from "../support/fulfilment";

/** Thursday 26 November 2026, 10:00 in Vancouver (UTC−7); the next payout is Monday the 30th. */
const NOW = new Date("2026-11-26T17:00:00Z");
const TODAY = "2026-11-26";
const SATURDAY = "2026-11-28";

async function earn(farmId: number, amountCents: number, at: Date) {
  const key = `today-test-${farmId}-${amountCents}`;
  await inTransaction((tx) =>
    recordFarmEntry(tx, { farmId, type: "sale", amountCents, description: "Sale", dedupeKey: key }),
  );
  await db.farmLedgerEntry.updateMany({ where: { dedupeKey: key }, data: { createdAt: at } });
}

describe("My Farm → Today", () => {
  it("has the handovers due today with the pack list's harvest, unread messages, waiting cards, low stock and the next payout", async () => {
    const me = await createFarmerWithSession({ farmName: "Today Farm" });
    const point = await createPickupPoint(me.farm.id, { name: "Farm gate" });
    const thursday = await createWindow(me.farm.id, { weekday: 4, pickupPointId: point.id });
    const saturday = await createWindow(me.farm.id, { pickupPointId: point.id });
    const kale = await createProduct(me.farm.id, { name: "Kale", stock: 100 });
    const eggs = await createProduct(me.farm.id, { name: "Eggs", stock: 5 });
    const garlic = await createProduct(me.farm.id, { name: "Garlic", stock: 8 });
    await db.product.update({ where: { id: garlic.id }, data: { reserved: 4 } });
    await createProduct(me.farm.id, { name: "Hidden beets", stock: 1, isHidden: true });
    await createProduct(me.farm.id, { name: "Leeks", stock: 6 });
    const place = { pickupName: point.name, pickupAddress: point.address };

    const first = await createOrderInSlot(me.farm.id, thursday, TODAY, {
      buyerName: "Ada Buyer",
      lines: [
        { product: kale, quantity: 3 },
        { product: eggs, quantity: 1 },
      ],
      place,
    });
    const second = await createOrderInSlot(me.farm.id, thursday, TODAY, {
      buyerName: "Ben Buyer",
      lines: [{ product: kale, quantity: 2 }],
      place,
    });
    await createOrderInSlot(me.farm.id, thursday, TODAY, {
      buyerName: "Cy Collected",
      lines: [{ product: eggs, quantity: 2 }],
      status: "completed",
    });
    await createOrderInSlot(me.farm.id, thursday, TODAY, {
      lines: [{ product: kale, quantity: 9 }],
      status: "cancelled",
    });
    await createOrderInSlot(me.farm.id, saturday, SATURDAY, {
      lines: [{ product: garlic, quantity: 1 }],
    });
    // Ben's one line is packed.
    await db.packTick.create({
      data: { orderId: second.id, productId: kale.id, farmId: me.farm.id },
    });

    // Two unread from Ada, one read from Ben, one the farmer sent: Ada's conversation only.
    await db.message.createMany({
      data: [
        { senderId: first.userId, receiverId: me.user.id, content: "Can I pick up at noon?" },
        { senderId: first.userId, receiverId: me.user.id, content: "Or at one?" },
        { senderId: second.userId, receiverId: me.user.id, content: "Thanks!", isRead: true },
        { senderId: me.user.id, receiverId: second.userId, content: "See you Thursday" },
      ],
    });

    // A pending card (the buyer pays $2.50 more), one already applied, one of another farm.
    const other = await createFarmerWithSession();
    const card = (
      farmId: number,
      orderId: number,
      buyerId: number,
      status: "pending" | "applied",
    ) =>
      db.orderAdjustment.create({
        data: { orderId, farmId, buyerId, status, lines: [], deltaCents: 250, orderVersion: 1 },
      });
    const waiting = await card(me.farm.id, first.id, first.userId, "pending");
    await card(me.farm.id, second.id, second.userId, "applied");
    await card(other.farm.id, second.id, second.userId, "pending");
    await createProduct(other.farm.id, { name: "Other farm's kale", stock: 0 });

    // $15.00 earned before the next payout's cutoff (Saturday 06:00), $7.00 after it.
    await earn(me.farm.id, 1500, new Date("2026-11-25T18:00:00Z"));
    await earn(me.farm.id, 700, new Date("2026-11-28T20:00:00Z"));

    const today = await farmToday(me.user, NOW);
    expect(today.today).toBe(TODAY);
    expect(today.handovers).toEqual({
      date: TODAY,
      orders: 3,
      toHandOver: 2,
      packed: 1,
      handedOver: 1,
      next: [
        {
          id: first.id,
          buyer: { id: first.userId, fullName: "Ada Buyer" },
          kind: "pickup",
          start: "2026-11-26T09:00:00.000-07:00",
          end: "2026-11-26T13:00:00.000-07:00",
          place: `Farm gate, ${point.address}`,
        },
        expect.objectContaining({
          id: second.id,
          buyer: { id: second.userId, fullName: "Ben Buyer" },
        }),
      ],
    });
    // The pack list owner's totals, the completed order's included, the cancelled one left out.
    expect(today.harvest).toEqual((await packList(me.user, TODAY, NOW)).products);
    expect(today.harvest.map((p) => [p.productName, p.quantity])).toEqual([
      ["Kale", 5],
      ["Eggs", 3],
    ]);
    expect(today.messages).toEqual({
      unread: 2,
      conversations: [
        {
          userId: first.userId,
          fullName: "Ada Buyer",
          unread: 2,
          latest: "Or at one?",
          at: expect.any(String),
        },
      ],
    });
    expect(today.waiting).toEqual([
      {
        id: waiting.id,
        orderId: first.id,
        buyer: { id: first.userId, fullName: "Ada Buyer" },
        delta: 2.5,
        createdAt: waiting.createdAt.toISOString(),
      },
    ]);
    expect(today.lowStock.map((p) => [p.name, p.stock, p.reserved, p.available])).toEqual([
      ["Garlic", 8, 4, 4],
      ["Eggs", 5, 0, 5],
    ]);
    // The payouts owner's figure, as My Farm → Payouts shows it.
    expect(today.payout).toEqual({ date: "2026-11-30", amount: 15 });
    expect(today.payout).toEqual((await farmPayouts(me.user, NOW)).nextPayout);
  });

  it("shows the next handover day when nothing is due today, and every list empty on a new farm", async () => {
    const me = await createFarmerWithSession();
    const empty = await farmToday(me.user, NOW);
    expect(empty).toEqual({
      today: TODAY,
      timeZone: "America/Vancouver",
      handovers: { date: TODAY, orders: 0, toHandOver: 0, packed: 0, handedOver: 0, next: [] },
      harvest: [],
      messages: { unread: 0, conversations: [] },
      waiting: [],
      lowStock: [],
      payout: { date: "2026-11-30", amount: 0 },
    });

    const saturday = await createWindow(me.farm.id, {
      pickupPointId: (await createPickupPoint(me.farm.id)).id,
    });
    const beans = await createProduct(me.farm.id, { name: "Beans" });
    await createOrderInSlot(me.farm.id, saturday, SATURDAY, {
      lines: [{ product: beans, quantity: 4 }],
    });
    const later = await farmToday(me.user, NOW);
    expect(later.handovers).toMatchObject({ date: SATURDAY, orders: 1, toHandOver: 1 });
    expect(later.harvest).toEqual([
      { productId: beans.id, productName: "Beans", unit: "lb", quantity: 4 },
    ]);
  });

  it("is the farm's own: a shopper is refused", async () => {
    const shopper = await createUser();
    await expect(farmToday(shopper, NOW)).rejects.toMatchObject({ status: 403 });
  });

  it("is answered at GET /api/my-farm/today in its documented shape, to the farm only", async () => {
    const me = await createFarmerWithSession();
    const beans = await createProduct(me.farm.id, { name: "Beans", stock: 2 });
    const res = await call(todayRoute.GET, "/api/my-farm/today", { cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = farmTodaySchema.strict().parse(res.json);
    expect(body.timeZone).toBe("America/Vancouver");
    expect(body.lowStock).toEqual([
      { id: beans.id, name: "Beans", unit: "lb", stock: 2, reserved: 0, available: 2 },
    ]);

    const shopper = await createUserWithSession();
    const refused = await call(todayRoute.GET, "/api/my-farm/today", { cookie: shopper.cookie });
    expect(refused.status).toBe(403);
    expect((await call(todayRoute.GET, "/api/my-farm/today", {})).status).toBe(401);
  });
});
