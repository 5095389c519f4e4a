import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import * as incomingRoute from "@/app/api/my-farm/orders/route";
import * as salesRoute from "@/app/api/my-farm/sales/route";
import * as buyerOrdersRoute from "@/app/api/orders/route";
import * as conversationRoute from "@/app/api/messages/[userId]/route";
import { closeListener, listenerConnected } from "@/lib/server/platform/notify";
import { loadMessage } from "@/lib/server/messages/serialize";
import { subscribe } from "@/lib/server/realtime/bus";
import { isPostgres } from "@/lib/server/platform/db";
import { lastSevenDays } from "@/lib/server/accounting/weekly-sales";
import type { RealtimeEvent } from "@/lib/server/realtime/hub";
import { call } from "../support/http";
import { cancelOrder } from "../support/orders";
import { createProduct, createUserWithSession } from "../support/factories";
import { placeOrder, topUp, checkLedgerAfterEach } from "../wallet/support";
import { farmerWithSession } from "./support";
import { createOrderInSlot, createPickupAndDelivery } from "../support/fulfilment";

checkLedgerAfterEach();
afterAll(closeListener);

async function buyerWithOrder(
  farmId: number,
  opts: { priceCents?: number; quantity?: number } = {},
) {
  const buyer = await createUserWithSession();
  const product = await createProduct(farmId, {
    name: `Crate ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: opts.priceCents ?? 1250,
    stock: 50,
  });
  await topUp(buyer.cookie, 200);
  const res = await placeOrder(buyer.cookie, [
    { productId: product.id, quantity: opts.quantity ?? 2 },
  ]);
  expect(res.status, res.text).toBe(201);
  return { buyer, product, orderId: res.json.orders[0].id as number };
}

const complete = (cookie: string, id: number) =>
  call(completeRoute.POST, `/api/my-farm/orders/${id}/complete`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
  });

describe("incoming orders", () => {
  it("a paid checkout shows up in the farm's incoming orders with items and buyer name", async () => {
    const me = await farmerWithSession({ farmName: "Incoming Farm" });
    const { buyer, product, orderId } = await buyerWithOrder(me.farm.id);
    const res = await call(incomingRoute.GET, "/api/my-farm/orders", { cookie: me.cookie });
    expect(res.json).toEqual([
      expect.objectContaining({
        id: orderId,
        status: "active",
        buyer: { id: buyer.user.id, fullName: buyer.user.fullName },
        itemCount: 2,
        totalAmount: 25,
        items: [
          expect.objectContaining({
            productId: product.id,
            productName: product.name,
            quantity: 2,
            price: 12.5,
            subtotal: 25,
          }),
        ],
      }),
    ]);
  });

  it("Mark completed: the order moves to Completed with an event, the buyer gets the farmer's message live, and a second click is 409", async () => {
    const me = await farmerWithSession({ farmName: "Bluebird Berries" });
    const { buyer, orderId } = await buyerWithOrder(me.farm.id);

    const events: RealtimeEvent[] = [];
    const unsubscribe = subscribe(buyer.user.id, (e) => events.push(e), loadMessage);
    if (isPostgres())
      await vi.waitFor(() => expect(listenerConnected()).toBe(true), { timeout: 10_000 });

    const res = await complete(me.cookie, orderId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      notified: true,
      order: { id: orderId, status: "completed", completedAt: expect.any(String) },
    });

    const row = await db.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { events: { orderBy: { id: "asc" } } },
    });
    expect(row.status).toBe("completed");
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(row.events.map((e) => e.status)).toEqual(["active", "completed"]);

    // The buyer's Orders: gone from Active, present under Completed.
    const active = await call(buyerOrdersRoute.GET, "/api/orders?status=active", {
      cookie: buyer.cookie,
    });
    expect(active.json.map((o: { id: number }) => o.id)).not.toContain(orderId);
    const completed = await call(buyerOrdersRoute.GET, "/api/orders?status=completed", {
      cookie: buyer.cookie,
    });
    expect(completed.json.map((o: { id: number }) => o.id)).toEqual([orderId]);

    // The buyer's Messages: one message from the farmer.
    const expected = `Your order #${orderId} from Bluebird Berries is ready and has been marked completed. Thank you for buying local!`;
    const convo = await call(conversationRoute.GET, `/api/messages/${me.owner.id}`, {
      cookie: buyer.cookie,
      params: { userId: String(me.owner.id) },
    });
    expect(convo.status).toBe(200);
    const list = Array.isArray(convo.json) ? convo.json : convo.json.messages;
    expect(
      list.map((m: { senderId: number; receiverId: number; content: string }) => [
        m.senderId,
        m.receiverId,
        m.content,
      ]),
    ).toEqual([[me.owner.id, buyer.user.id, expected]]);
    await vi.waitFor(
      () =>
        expect(events.some((e) => e.type === "message" && e.message.content === expected)).toBe(
          true,
        ),
      { timeout: 10_000 },
    );
    unsubscribe();

    // Not active any more: 409, and no second message.
    const again = await complete(me.cookie, orderId);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("order_not_active");
    expect(again.json.message).toBe("Only active orders can be completed; this order is completed");
    expect(
      await db.message.count({ where: { senderId: me.owner.id, receiverId: buyer.user.id } }),
    ).toBe(1);

    // The buyer can no longer cancel a completed order either.
    expect((await cancelOrder(buyer.cookie, orderId)).status).toBe(409);
  });

  it("an order is completed from its slot's start, not before: 409 order_not_started while the buyer can still cancel", async () => {
    const me = await farmerWithSession({ farmName: "Early Farm" });
    const { pickup } = await createPickupAndDelivery(me.farm.id);
    // A Saturday two to three weeks ahead, and one long past.
    const ahead = new Date(Date.now() + 14 * 86_400_000);
    ahead.setUTCDate(ahead.getUTCDate() + ((6 - ahead.getUTCDay() + 7) % 7));
    const future = await createOrderInSlot(me.farm.id, pickup, ahead.toISOString().slice(0, 10));
    const past = await createOrderInSlot(me.farm.id, pickup, "2026-01-03");

    const early = await complete(me.cookie, future.id);
    expect([early.status, early.json.code]).toEqual([409, "order_not_started"]);
    expect(early.json.message).toMatch(
      new RegExp(
        `^Order #${future.id} cannot be completed before its pickup on Sat, \\w+ \\d+, 9:00 am–1:00 pm: until its cutoff the buyer can still cancel it$`,
      ),
    );
    const still = await db.order.findUniqueOrThrow({ where: { id: future.id } });
    expect([still.status, still.completedAt, still.version]).toEqual(["active", null, 0]);
    expect(await db.orderEvent.count({ where: { orderId: future.id } })).toBe(0);

    const started = await complete(me.cookie, past.id);
    expect(started.status, started.text).toBe(200);
    expect(started.json.order.status).toBe("completed");
  });

  it("a cancelled order cannot be completed (409) and leaves the incoming list", async () => {
    const me = await farmerWithSession();
    const { buyer, orderId } = await buyerWithOrder(me.farm.id);
    expect((await cancelOrder(buyer.cookie, orderId)).status).toBe(200);
    const res = await complete(me.cookie, orderId);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Only active orders can be completed; this order is cancelled");
    expect(
      (await call(incomingRoute.GET, "/api/my-farm/orders", { cookie: me.cookie })).json,
    ).toEqual([]);
    expect(await db.message.count({ where: { senderId: me.owner.id } })).toBe(0);
  });
});

describe("weekly sales", () => {
  it("lastSevenDays is 7 calendar days ending today in Pacific time, across a DST change", () => {
    expect(lastSevenDays(new Date("2026-03-10T06:59:00Z"))).toEqual([
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
    ]);
    expect(lastSevenDays(new Date("2026-03-10T07:01:00Z")).at(-1)).toBe("2026-03-10");
  });

  it("sums the orders handed over per day for the last 7 days, by the day they were handed over; active, cancelled, older and other farms' orders do not count", async () => {
    const me = await farmerWithSession();
    const other = await farmerWithSession();
    const buyer = await createUserWithSession();
    const product = await createProduct(me.farm.id);
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const mk = (
      farmId: number,
      totalCents: number,
      status: "active" | "completed" | "cancelled",
      completedAt: Date,
    ) =>
      db.order.create({
        data: {
          userId: buyer.user.id,
          farmId,
          totalCents,
          itemCount: 1,
          status,
          // Placed a fortnight ago: the day an order counts is the day it was handed over.
          createdAt: new Date(now.getTime() - 14 * 86_400_000),
          completedAt: status === "completed" ? completedAt : null,
          checkoutRef: "CO-SALES",
          items: {
            create: [
              { productId: product.id, productName: "x", quantity: 1, priceCents: totalCents },
            ],
          },
        },
      });
    await mk(me.farm.id, 1000, "active", now);
    await mk(me.farm.id, 250, "completed", now);
    await mk(me.farm.id, 4000, "cancelled", now);
    await mk(me.farm.id, 725, "completed", daysAgo(2));
    await mk(me.farm.id, 9900, "completed", daysAgo(10));
    await mk(other.farm.id, 5000, "active", now);

    const res = await call(salesRoute.GET, "/api/my-farm/sales", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.json.days).toHaveLength(7);
    expect(res.json.total).toBe(9.75);
    expect(res.json.orders).toBe(2);
    const today = res.json.days.at(-1);
    expect(today).toMatchObject({ total: 2.5, orders: 1 });
    expect(res.json.days.reduce((s: number, d: { total: number }) => s + d.total, 0)).toBeCloseTo(
      9.75,
      2,
    );
  });
});
