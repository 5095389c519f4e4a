import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as listRoute from "@/app/api/standing-orders/route";
import * as oneRoute from "@/app/api/standing-orders/[id]/route";
import { placeDueStandingOrders, placeNextDue } from "@/lib/server/standing/worker";
import { LEAD_HOURS } from "@/lib/server/standing/schedule";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { createPickupAndDelivery } from "../support/fulfilment";
import { onPostgres } from "../support/pg";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { formatMessageListTime } from "@/lib/format";

checkLedgerAfterEach();

// Real parallelism needs PostgreSQL: PGlite is one connection and serialises every transaction.
const pg = it.skipIf(!onPostgres);

let chef: Awaited<ReturnType<typeof createUserWithSession>>;
let farm: Awaited<ReturnType<typeof createFarm>>["farm"];
let farmOwnerId: number;
let setup: Awaited<ReturnType<typeof createPickupAndDelivery>>;
let apples: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  chef = await createUserWithSession({ fullName: "Olive Chef", userType: "restaurant" });
  ({
    farm,
    owner: { id: farmOwnerId },
  } = await createFarm({ farmName: "Green Acres" }));
  setup = await createPickupAndDelivery(farm.id);
  apples = await createProduct(farm.id, { name: "Apples", priceCents: 1000, stock: 200 });
  await topUp(chef.cookie, 500);
});

function create(cookie: string, body: Record<string, unknown>) {
  return call(listRoute.POST, "/api/standing-orders", { body, cookie });
}

async function saturdayPickup(quantity = 3) {
  const res = await create(chef.cookie, {
    farmId: farm.id,
    items: [{ productId: apples.id, quantity }],
    weekday: 6,
    kind: "pickup",
    pickupPointId: setup.point.id,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; nextDate: string; placesAt: string };
}

function patch(id: number, body: Record<string, unknown>, cookie = chef.cookie) {
  return call(oneRoute.PATCH, `/api/standing-orders/${id}`, {
    method: "PATCH",
    body,
    cookie,
    params: { id: String(id) },
  });
}

/** One minute after the standing order falls due. */
const dueNow = (s: { placesAt: string }) => new Date(new Date(s.placesAt).getTime() + 60_000);
const occurrencesOf = (standingOrderId: number) =>
  db.standingOrderOccurrence.findMany({
    where: { standingOrderId },
    orderBy: { localDate: "asc" },
  });
const plusDays = (localDate: string, days: number) =>
  new Date(Date.parse(`${localDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("standing orders: the calls", () => {
  it("restaurants only: a retail buyer gets 403 with a clear message", async () => {
    const shopper = await createUserWithSession();
    const res = await create(shopper.cookie, {
      farmId: farm.id,
      items: [{ productId: apples.id, quantity: 1 }],
      weekday: 6,
      kind: "pickup",
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/business accounts/);
    expect(
      (await call(listRoute.GET, "/api/standing-orders", { cookie: shopper.cookie })).status,
    ).toBe(403);
  });

  it("is tied to a live window of the farm: the next Saturday before its placement time; 400 without a window that day, or outside the delivery zones", async () => {
    const s = await saturdayPickup();
    expect(new Date(`${s.nextDate}T12:00:00Z`).getUTCDay()).toBe(6);
    const window = setup.pickup;
    // Saturday 09:00 Vancouver, 40 h cutoff, placed LEAD_HOURS before that.
    const startsAt = new Date(
      new Date(s.placesAt).getTime() + (window.cutoffHours + LEAD_HOURS) * 3600_000,
    );
    // Read in our tz data: Node's own (2025c) would say 08:00 from November 2026 (docs/fulfilment.md).
    expect(formatMessageListTime(startsAt, { timeZone: "America/Vancouver" })).toBe("09:00");
    expect(new Date(s.placesAt).getTime()).toBeGreaterThan(Date.now());

    const monday = await create(chef.cookie, {
      farmId: farm.id,
      items: [{ productId: apples.id, quantity: 1 }],
      weekday: 1,
      kind: "pickup",
    });
    expect(monday.status).toBe(400);
    expect(monday.json.message).toBe("Green Acres has no pickup window on Mondays");

    const far = await db.address.create({
      data: {
        userId: chef.user.id,
        label: "Far",
        line1: "1 Main St",
        city: "Vernon",
        postalCode: "V1T 1A1",
      },
    });
    const outside = await create(chef.cookie, {
      farmId: farm.id,
      items: [{ productId: apples.id, quantity: 1 }],
      weekday: 3,
      kind: "delivery",
      addressId: far.id,
    });
    expect(outside.status).toBe(400);
    expect(outside.json.message).toBe("Green Acres does not deliver to V1T 1A1");

    const other = await createProduct((await createFarm()).farm.id);
    const foreign = await create(chef.cookie, {
      farmId: farm.id,
      items: [{ productId: other.id, quantity: 1 }],
      weekday: 6,
      kind: "pickup",
    });
    expect(foreign.status).toBe(400);
  });

  it("edits quantities; someone else's standing order is a 404", async () => {
    const s = await saturdayPickup();
    const edited = await patch(s.id, { items: [{ productId: apples.id, quantity: 5 }] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.items).toEqual([
      { productId: apples.id, productName: "Apples", unit: apples.unit, quantity: 5, price: 10 },
    ]);
    const other = await createUserWithSession({ userType: "restaurant" });
    expect((await patch(s.id, { action: "pause" }, other.cookie)).status).toBe(404);
    const cancelled = await call(oneRoute.DELETE, `/api/standing-orders/${s.id}`, {
      method: "DELETE",
      cookie: chef.cookie,
      params: { id: String(s.id) },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(
      (await call(listRoute.GET, "/api/standing-orders", { cookie: chef.cookie })).json,
    ).toEqual([]);
  });
});

describe("standing orders: the worker", () => {
  it("places the occurrence as a normal order when it falls due, exactly once under retries", async () => {
    const s = await saturdayPickup(3);
    expect(await placeNextDue(new Date(new Date(s.placesAt).getTime() - 60_000))).toBeNull(); // not yet due

    const now = dueNow(s);
    const outcomes = (await placeDueStandingOrders(now)).filter((o) => o.standingOrderId === s.id);
    expect(outcomes).toEqual([
      {
        standingOrderId: s.id,
        localDate: s.nextDate,
        status: "placed",
        orderId: expect.any(Number),
      },
    ]);
    const order = await db.order.findUniqueOrThrow({
      where: { id: outcomes[0].orderId },
      include: { items: true, fulfilment: true },
    });
    expect(order.userId).toBe(chef.user.id);
    expect(order.totalCents).toBe(3000);
    expect(order.items.map((i) => [i.productId, i.quantity])).toEqual([[apples.id, 3]]);
    expect(order.fulfilment?.localDate).toBe(s.nextDate);
    expect(order.fulfilment?.pickupPointId).toBe(setup.point.id);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 3000);

    // A retry at the same moment: nothing is due any more.
    expect((await placeDueStandingOrders(now)).filter((o) => o.standingOrderId === s.id)).toEqual(
      [],
    );
    const after = await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } });
    expect(after.nextDate).toBe(plusDays(s.nextDate, 7));

    // A worker that died after placing but before moving on (the row put back as it was): the
    // occurrence row is already there, so the retry records nothing new and places nothing.
    await db.standingOrder.update({
      where: { id: s.id },
      data: { nextDate: s.nextDate, nextDueAt: new Date(s.placesAt) },
    });
    expect(await placeNextDue(now)).toEqual({
      standingOrderId: s.id,
      localDate: s.nextDate,
      status: "recorded",
    });
    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(1);
    expect(await occurrencesOf(s.id)).toHaveLength(1);
  });

  it("an occurrence that cannot be paid is recorded as failed with the reason, the buyer hears it from the farm, and nothing else is written", async () => {
    const s = await create(chef.cookie, {
      farmId: farm.id,
      items: [{ productId: apples.id, quantity: 60 }],
      weekday: 6,
      kind: "pickup",
    }).then((r) => r.json);
    const stockBefore = (await db.product.findUniqueOrThrow({ where: { id: apples.id } })).stock;
    await placeDueStandingOrders(dueNow(s));

    const [occurrence] = await occurrencesOf(s.id);
    expect(occurrence.status).toBe("failed");
    expect(occurrence.orderId).toBeNull();
    expect(occurrence.reason).toMatch(/^Insufficient balance: /);
    const message = await db.message.findFirstOrThrow({
      where: { senderId: farmOwnerId, receiverId: chef.user.id },
    });
    expect(message.content).toContain("We could not place your standing order for Sat");
    expect(message.content).toContain(occurrence.reason!);

    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: apples.id } })).stock).toBe(
      stockBefore,
    );
    expect(
      await db.fulfilmentSlot.count({ where: { windowId: setup.pickup.id, booked: { gt: 0 } } }),
    ).toBe(0);
    expect(await balanceCents(chef.user.id)).toBe(50_000);
    // The next week is scheduled.
    expect((await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } })).nextDate).toBe(
      plusDays(s.nextDate, 7),
    );
  });

  it("out of stock and a window the farm retired are failures with their reasons", async () => {
    const s = await saturdayPickup(3);
    await db.product.update({ where: { id: apples.id }, data: { stock: 1 } });
    await placeDueStandingOrders(dueNow(s));
    expect((await occurrencesOf(s.id))[0].reason).toBe("Only 1 lb of Apples left in stock");

    await db.fulfilmentWindow.update({ where: { id: setup.pickup.id }, data: { archived: true } });
    const next = await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } });
    await placeDueStandingOrders(new Date(next.nextDueAt.getTime() + 60_000));
    expect((await occurrencesOf(s.id))[1].reason).toBe(
      "Green Acres no longer has this pickup window",
    );
  });

  it("pause keeps it from being placed, skip next records a skipped week, resume starts again from the next date", async () => {
    const s = await saturdayPickup(2);
    expect((await patch(s.id, { action: "pause" })).json).toMatchObject({
      status: "paused",
      nextDate: null,
    });
    expect(
      (await placeDueStandingOrders(dueNow(s))).filter((o) => o.standingOrderId === s.id),
    ).toEqual([]);

    const resumed = await patch(s.id, { action: "resume" });
    expect(resumed.json).toMatchObject({ status: "active", nextDate: s.nextDate });
    const skipped = await patch(s.id, { action: "skipNext" });
    expect(skipped.json.skipNextDate).toBe(s.nextDate);
    expect(
      (await placeDueStandingOrders(dueNow(s))).filter((o) => o.standingOrderId === s.id),
    ).toEqual([{ standingOrderId: s.id, localDate: s.nextDate, status: "skipped" }]);
    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(0);

    const next = await call(listRoute.GET, "/api/standing-orders", { cookie: chef.cookie });
    expect(next.json[0]).toMatchObject({
      nextDate: plusDays(s.nextDate, 7),
      skipNextDate: null,
      recent: [{ localDate: s.nextDate, status: "skipped" }],
    });
  });

  it("an occurrence is priced at the restaurant's level, whatever the retail price", async () => {
    await db.product.update({
      where: { id: apples.id },
      data: { restaurantPriceCents: 800, caseSize: 3 },
    });
    const s = await saturdayPickup(6);
    const [outcome] = (await placeDueStandingOrders(dueNow(s))).filter(
      (o) => o.standingOrderId === s.id,
    );
    expect(outcome.status).toBe("placed");
    const order = await db.order.findUniqueOrThrow({
      where: { id: outcome.orderId },
      include: { items: true },
    });
    expect(order.items[0].priceCents).toBe(800);
    expect(order.totalCents).toBe(6 * 800);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 6 * 800);
  });

  it("a delivery standing order goes to the saved address with the zone's fee", async () => {
    const home = await db.address.create({
      data: {
        userId: chef.user.id,
        label: "Restaurant",
        line1: "55 Bernard Ave",
        city: "Kelowna",
        postalCode: "V1Y 6N6",
      },
    });
    const res = await create(chef.cookie, {
      farmId: farm.id,
      items: [{ productId: apples.id, quantity: 2 }],
      weekday: 3,
      kind: "delivery",
      addressId: home.id,
      everyWeeks: 2,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.place).toBe("Restaurant (55 Bernard Ave)");
    const [outcome] = (await placeDueStandingOrders(dueNow(res.json))).filter(
      (o) => o.standingOrderId === res.json.id,
    );
    expect(outcome.status).toBe("placed");
    const order = await db.order.findUniqueOrThrow({
      where: { id: outcome.orderId },
      include: { fulfilment: true },
    });
    expect(order.fulfilment).toMatchObject({
      kind: "delivery",
      postalCode: "V1Y 6N6",
      deliveryAddress: "55 Bernard Ave, Kelowna",
    });
    expect(order.totalCents).toBe(2000 + setup.zone.feeCents);
    expect(
      (await db.standingOrder.findUniqueOrThrow({ where: { id: res.json.id } })).nextDate,
    ).toBe(plusDays(res.json.nextDate, 14));
  });

  pg(
    "two workers running at once never place the same occurrence twice (PostgreSQL, SKIP LOCKED)",
    async () => {
      const chefs = await Promise.all(
        Array.from({ length: 12 }, () => createUserWithSession({ userType: "restaurant" })),
      );
      const made = [];
      for (const c of chefs) {
        await topUp(c.cookie, 100);
        const res = await create(c.cookie, {
          farmId: farm.id,
          items: [{ productId: apples.id, quantity: 1 }],
          weekday: 6,
          kind: "pickup",
        });
        made.push(res.json);
      }
      const now = dueNow(made[0]);
      const [a, b] = await Promise.all([placeDueStandingOrders(now), placeDueStandingOrders(now)]);
      const ids = new Set(made.map((m) => m.id));
      const mine = [...a, ...b].filter((o) => ids.has(o.standingOrderId));
      expect(mine).toHaveLength(12);
      expect(mine.every((o) => o.status === "placed")).toBe(true);
      expect(new Set(mine.map((o) => o.standingOrderId)).size).toBe(12);
      expect(await db.order.count({ where: { userId: { in: chefs.map((c) => c.user.id) } } })).toBe(
        12,
      );
      expect(
        await db.standingOrderOccurrence.count({ where: { standingOrderId: { in: [...ids] } } }),
      ).toBe(12);
    },
  );
});
