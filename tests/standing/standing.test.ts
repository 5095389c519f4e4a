import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as listRoute from "@/app/api/standing-orders/route";
import * as oneRoute from "@/app/api/standing-orders/[id]/route";
import { placeDueStandingOrders, placeNextDue } from "@/lib/server/standing/worker";
import { LEAD_HOURS } from "@/lib/server/standing/schedule";
import { acceptAdjustment, declineAdjustment } from "@/lib/server/orders/adjust-order";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { createAddress } from "../support/fulfilment";
import { itOnPostgres } from "../support/races";
import { onPostgres } from "../support/pg";
import { captureConsole } from "../support/console";
import { listenLocally } from "@/lib/server/realtime/hub";
import fs from "node:fs";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { formatMessageListTime } from "@/lib/format";
import { inTransaction } from "@/lib/server/platform/transaction";
import { countStock } from "@/lib/server/stock/stock";
import {
  chefAndGreenAcres,
  createStanding as create,
  patchStanding,
  saturdayPickup as pickup,
  type StandingWorld,
} from "./support";

checkLedgerAfterEach();

let world: StandingWorld;
let chef: StandingWorld["chef"];
let farm: StandingWorld["farm"];
let setup: StandingWorld["setup"];
let apples: StandingWorld["apples"];

beforeEach(async () => {
  world = await chefAndGreenAcres(200);
  ({ chef, farm, setup, apples } = world);
});

/** The chef's standing order of `quantity` apples at Green Acres; `rest` says when and how. */
function chefOrdersApples(quantity: number, rest: Record<string, unknown>) {
  return create(chef.cookie, {
    farmId: farm.id,
    items: [{ productId: apples.id, quantity }],
    ...rest,
  });
}

/** One unit of `productId` from Green Acres, picked up every Saturday, as `cookie` asks (any answer). */
const oneSaturday = (cookie: string, productId: number) =>
  create(cookie, {
    farmId: farm.id,
    items: [{ productId, quantity: 1 }],
    weekday: 6,
    kind: "pickup",
  });
const saturdayPickup = (quantity = 3) => pickup(world, chef.cookie, quantity);
const patch = (id: number, body: Record<string, unknown>, cookie = chef.cookie) =>
  patchStanding(id, body, cookie);

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
    const res = await oneSaturday(shopper.cookie, apples.id);
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

    const monday = await chefOrdersApples(1, { weekday: 1, kind: "pickup" });
    expect(monday.status).toBe(400);
    expect(monday.json.message).toBe("Green Acres has no pickup window on Mondays");

    const far = await createAddress(chef.user.id, {
      label: "Far",
      line1: "1 Main St",
      city: "Vernon",
      postalCode: "V1T 1A1",
    });
    const outside = await chefOrdersApples(1, { weekday: 3, kind: "delivery", addressId: far.id });
    expect(outside.status).toBe(400);
    expect(outside.json.message).toBe("Green Acres does not deliver to V1T 1A1");

    const other = await createProduct((await createFarm()).farm.id);
    const foreign = await oneSaturday(chef.cookie, other.id);
    expect(foreign.status).toBe(400);
  });

  it("edits quantities; someone else's standing order is a 404", async () => {
    const s = await saturdayPickup();
    const edited = await patch(s.id, { items: [{ productId: apples.id, quantity: 5 }] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.items).toEqual([
      {
        productId: apples.id,
        productName: "Apples",
        unit: apples.unit,
        caseSize: 1,
        quantity: 5,
        price: 10,
        currentPrice: 10,
      },
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
    const s = await chefOrdersApples(60, { weekday: 6, kind: "pickup" }).then((r) => r.json);
    const stockBefore = (await db.product.findUniqueOrThrow({ where: { id: apples.id } })).stock;
    await placeDueStandingOrders(dueNow(s));

    const [occurrence] = await occurrencesOf(s.id);
    expect(occurrence.status).toBe("failed");
    expect(occurrence.orderId).toBeNull();
    expect(occurrence.reason).toMatch(/^Insufficient balance: /);
    const message = await db.message.findFirstOrThrow({
      where: { senderId: world.owner.id, receiverId: chef.user.id },
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

  // PGlite pushes to this process's streams directly, so a stream that throws fails the push;
  // PostgreSQL hands it to NOTIFY, which a test cannot make fail.
  const pushesLocally = "(PGlite only: pushes are local)";
  /** Runs `fn` while the chef's open stream throws on every event; answers the lines logged. */
  async function withBrokenStream(fn: () => Promise<unknown>) {
    const stop = listenLocally(chef.user.id, () => {
      throw new Error("the chef's stream broke");
    });
    try {
      return await captureConsole(fn);
    } finally {
      stop();
    }
  }

  it.skipIf(onPostgres)(
    `a failed push of the farm's notice is logged with its standing order, and the failure stays recorded ${pushesLocally}`,
    async () => {
      const s = await chefOrdersApples(60, { weekday: 6, kind: "pickup" }).then((r) => r.json);
      const lines = await withBrokenStream(() => placeDueStandingOrders(dueNow(s)));
      const [occurrence] = await occurrencesOf(s.id);
      expect(occurrence.status).toBe("failed");
      const notice = await db.message.findFirstOrThrow({
        where: { senderId: world.owner.id, receiverId: chef.user.id },
      });
      expect(lines).toContainEqual(
        `[standing] could not push message ${notice.id} of standing order ${s.id} (${s.nextDate}): Error: the chef's stream broke`,
      );
    },
  );

  it.skipIf(onPostgres)(
    `a failed push of a price card is logged with its standing order, and the order stays placed ${pushesLocally}`,
    async () => {
      const s = await saturdayPickup(3);
      await db.product.update({ where: { id: apples.id }, data: { priceCents: 1200 } });
      const lines = await withBrokenStream(() => placeDueStandingOrders(dueNow(s)));
      const [placed] = await occurrencesOf(s.id);
      expect(placed.status).toBe("placed");
      const card = await db.orderAdjustment.findFirstOrThrow({
        where: { orderId: placed.orderId! },
      });
      expect(lines).toContainEqual(
        `[standing] could not push price card ${card.messageId} of standing order ${s.id} (${s.nextDate}): Error: the chef's stream broke`,
      );
    },
  );

  it("out of stock and a window the farm retired are failures with their reasons", async () => {
    const s = await saturdayPickup(3);
    // The farmer counts none left: the hold is cut to nothing (tests/standing/reserved-stock.test.ts).
    await inTransaction((tx) => countStock(tx, apples.id, farm.id, 0));
    await placeDueStandingOrders(dueNow(s));
    expect((await occurrencesOf(s.id))[0].reason).toBe("Apples is out of stock");

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
    const home = await createAddress(chef.user.id, {
      label: "Restaurant",
      line1: "55 Bernard Ave",
      postalCode: "V1Y 6N6",
    });
    const res = await chefOrdersApples(2, {
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

  itOnPostgres(
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

describe("standing orders: the prices agreed at set-up", () => {
  const placedOrder = async (s: { id: number; placesAt: string }) => {
    const [outcome] = (await placeDueStandingOrders(dueNow(s))).filter(
      (o) => o.standingOrderId === s.id,
    );
    expect(outcome.status, outcome.reason).toBe("placed");
    return db.order.findUniqueOrThrow({
      where: { id: outcome.orderId },
      include: { items: true, adjustments: true },
    });
  };

  it("a price rise before placement is not charged: the occurrence is placed at the agreed price with a card for the difference", async () => {
    const s = await saturdayPickup(3);
    // The farm raises Apples from $10 to $12 the evening before placement.
    await db.product.update({ where: { id: apples.id }, data: { priceCents: 1200 } });
    const listed = await call(listRoute.GET, "/api/standing-orders", { cookie: chef.cookie });
    expect(listed.json[0].items[0]).toMatchObject({ price: 10, currentPrice: 12 });

    const order = await placedOrder(s);
    expect(order.items.map((i) => [i.productId, i.quantity, i.priceCents])).toEqual([
      [apples.id, 3, 1000],
    ]);
    expect(order.totalCents).toBe(3000);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 3000);

    // The rise waits for the buyer, as a card from the farm in their conversation.
    expect(order.adjustments).toHaveLength(1);
    const [card] = order.adjustments;
    expect(card).toMatchObject({ status: "pending", deltaCents: 600, buyerId: chef.user.id });
    const message = await db.message.findUniqueOrThrow({ where: { id: card.messageId! } });
    expect(message).toMatchObject({
      senderId: world.owner.id,
      receiverId: chef.user.id,
      kind: "adjustment",
    });
    expect(message.content).toContain("Apples 3 at $10.00 → $12.00");
    expect(message.content).toContain("You would pay $6.00 more.");
    expect(
      await db.notification.count({
        where: { userId: chef.user.id, kind: "adjustment_proposed" },
      }),
    ).toBe(1);

    // Accepting pays the difference; the next week is still agreed at $10.
    const { value: accepted } = await acceptAdjustment(chef.user.id, order.id, card.id);
    expect(accepted.status).toBe("accepted");
    const after = await db.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { items: true },
    });
    expect(after.totalCents).toBe(3600);
    expect(after.items[0].priceCents).toBe(1200);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 3600);
    const standing = await call(listRoute.GET, "/api/standing-orders", { cookie: chef.cookie });
    expect(standing.json[0].items[0]).toMatchObject({ price: 10, currentPrice: 12 });
  });

  it("declining the rise keeps the agreed price: nothing more is charged", async () => {
    const s = await saturdayPickup(3);
    await db.product.update({ where: { id: apples.id }, data: { priceCents: 1500 } });
    const order = await placedOrder(s);
    await declineAdjustment(chef.user.id, order.id, order.adjustments[0].id);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).totalCents).toBe(3000);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 3000);
  });

  it("a price drop is passed on at once, with no card", async () => {
    const s = await saturdayPickup(3);
    await db.product.update({ where: { id: apples.id }, data: { priceCents: 900 } });
    const order = await placedOrder(s);
    expect(order.items[0].priceCents).toBe(900);
    expect(order.totalCents).toBe(2700);
    expect(order.adjustments).toEqual([]);
    expect(await balanceCents(chef.user.id)).toBe(50_000 - 2700);
  });

  it("the agreed price is the restaurant price; a rise of it alone is a card too", async () => {
    await db.product.update({
      where: { id: apples.id },
      data: { restaurantPriceCents: 800 },
    });
    const s = await saturdayPickup(2);
    await db.product.update({ where: { id: apples.id }, data: { restaurantPriceCents: 850 } });
    const order = await placedOrder(s);
    expect(order.totalCents).toBe(1600);
    expect(order.adjustments.map((a) => a.deltaCents)).toEqual([100]);
  });

  it("editing quantities keeps the agreed price of a line; a product added is agreed at today's price", async () => {
    const pears = await createProduct(farm.id, { name: "Pears", priceCents: 500, stock: 50 });
    const s = await saturdayPickup(3);
    await db.product.update({ where: { id: apples.id }, data: { priceCents: 1100 } });
    const edited = await patch(s.id, {
      items: [
        { productId: apples.id, quantity: 4 },
        { productId: pears.id, quantity: 1 },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(
      edited.json.items.map((i: { productName: string; price: number }) => [
        i.productName,
        i.price,
      ]),
    ).toEqual([
      ["Apples", 10],
      ["Pears", 5],
    ]);
    const order = await placedOrder(s);
    expect(order.totalCents).toBe(4 * 1000 + 500);
    expect(order.adjustments.map((a) => a.deltaCents)).toEqual([400]);
  });

  it("the migration gives lines set up before it today's price, and keeps a price already agreed", async () => {
    const s = await saturdayPickup(3);
    await db.product.update({ where: { id: apples.id }, data: { restaurantPriceCents: 700 } });
    const pears = await createProduct(farm.id, { name: "Pears", priceCents: 500, stock: 50 });
    await db.standingOrder.update({
      where: { id: s.id },
      data: {
        items: [
          { productId: apples.id, quantity: 3 },
          { productId: pears.id, quantity: 1, priceCents: 450 },
        ],
      },
    });
    const dir = fs
      .readdirSync("prisma/migrations")
      .find((d) => d.endsWith("_standing_agreed_prices"))!;
    await db.$executeRawUnsafe(fs.readFileSync(`prisma/migrations/${dir}/migration.sql`, "utf8"));
    expect((await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } })).items).toEqual([
      { productId: apples.id, quantity: 3, priceCents: 700 },
      { productId: pears.id, quantity: 1, priceCents: 450 },
    ]);
  });
});
