import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as ordersRoute from "@/app/api/orders/route";
import * as incomingRoute from "@/app/api/my-farm/orders/route";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { checkout } from "@/lib/server/orders/checkout";
import { call, expectError } from "../support/http";
import { cancelOrder, stockOf } from "../support/orders";
import {
  createFarm,
  createProduct,
  createUserWithSession,
  sessionCookie,
} from "../support/factories";
import {
  createDeliveryZone,
  createPickupAndDelivery,
  createPickupPoint,
  createWindow,
} from "../support/fulfilment";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";

/** An entry of the user's address book (delivery goes only to one of those), by id. */
async function bookAddress(userId: number, line1: string, city: string, postalCode: string) {
  const a = await db.address.create({ data: { userId, label: "Home", line1, city, postalCode } });
  return a.id;
}

checkLedgerAfterEach();

type Choice = { slotId: string; addressId?: number } | Record<string, unknown>;

function order(
  cookie: string,
  items: { productId: number; quantity: number }[],
  fulfilment?: Record<number, Choice>,
  key?: string,
  more: Record<string, unknown> = {},
) {
  return call(ordersRoute.POST, "/api/orders", {
    body: { items, ...(fulfilment ? { fulfilment } : {}), ...more },
    cookie,
    headers: key ? { "idempotency-key": key } : {},
  });
}

/** The farm's soonest open slot of a kind, as checkout offers it now. */
async function slotOf(farmId: number, kind: "pickup" | "delivery" = "pickup") {
  const slot = (await listSlots(farmId, 14)).find((s) => s.kind === kind);
  if (!slot) throw new Error(`no ${kind} slot`);
  return slot;
}

const bookedOf = async (slotId: string) => {
  const [, windowId, localDate] = /^w(\d+)-(.+)$/.exec(slotId)!;
  return (
    (
      await db.fulfilmentSlot.findUnique({
        where: { windowId_localDate: { windowId: Number(windowId), localDate } },
      })
    )?.booked ?? 0
  );
};

let me: Awaited<ReturnType<typeof createUserWithSession>>;
let farm: Awaited<ReturnType<typeof createFarm>>["farm"];
let farmOwnerId: number;
let setup: Awaited<ReturnType<typeof createPickupAndDelivery>>;
let apples: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Olive Order" });
  ({
    farm,
    owner: { id: farmOwnerId },
  } = await createFarm({ farmName: "Green Acres" }));
  setup = await createPickupAndDelivery(farm.id);
  apples = await createProduct(farm.id, { name: "Apples", priceCents: 1000, stock: 200 });
  await topUp(me.cookie, 500);
});

/** One apple for Green Acres' Saturday pickup on `date`, checked out by `me` at `now` (the direct call). */
const pickupCheckout = (date: string, now: Date) =>
  checkout(
    me.user.id,
    {
      items: [{ productId: apples.id, quantity: 1 }],
      fulfilment: { [farm.id]: { slotId: `w${setup.pickup.id}-${date}` } },
    },
    undefined,
    now,
  );

describe("checkout with fulfilment", () => {
  it("a pickup order carries its slot, place and cutoff; the slot counts it; the farm's incoming order carries it too", async () => {
    const slot = await slotOf(farm.id);
    const res = await order(me.cookie, [{ productId: apples.id, quantity: 2 }], {
      [farm.id]: { slotId: slot.slotId },
    });
    expect(res.status, res.text).toBe(201);
    const [o] = res.json.orders;
    expect(o.fulfilment).toEqual({
      kind: "pickup",
      slotId: slot.slotId,
      start: slot.start,
      end: slot.end,
      cutoff: slot.cutoff,
      timeZone: "America/Vancouver",
      pickupPoint: {
        name: setup.point.name,
        address: setup.point.address,
        notes: setup.point.notes,
      },
      fee: 0,
    });
    expect(o.editableUntil).toBe(slot.cutoff);
    expect(o.totalAmount).toBe(20);
    expect(await bookedOf(slot.slotId)).toBe(1);

    const incoming = await call(incomingRoute.GET, "/api/my-farm/orders", {
      cookie: await sessionCookie(farmOwnerId),
    });
    expect(incoming.status, incoming.text).toBe(200);
    expect(incoming.json[0].fulfilment).toEqual(o.fulfilment);
  });

  it("a farm without windows still sells without a slot, and refuses a slot sent for it", async () => {
    const { farm: plain } = await createFarm({ farmName: "Plain Farm" });
    const pears = await createProduct(plain.id, { name: "Pears", priceCents: 300 });
    const res = await order(me.cookie, [{ productId: pears.id, quantity: 1 }]);
    expect(res.status, res.text).toBe(201);
    expect(res.json.orders[0]).toMatchObject({
      fulfilment: null,
      editableUntil: null,
      totalAmount: 3,
    });

    const slot = await slotOf(farm.id);
    const refused = await order(me.cookie, [{ productId: pears.id, quantity: 1 }], {
      [plain.id]: { slotId: slot.slotId },
    });
    expect([refused.status, refused.json.code, refused.json.errors]).toEqual([
      400,
      "validation",
      { [`fulfilment.${plain.id}`]: "Plain Farm sells without pickup or delivery times" },
    ]);
  });

  it("a farm with windows and no slot chosen is 409 slot_required and writes nothing", async () => {
    const res = await order(me.cookie, [{ productId: apples.id, quantity: 1 }]);
    expectError(res, 409, "slot_required", "Choose a pickup or delivery time for Green Acres");
    expect(await balanceCents(me.user.id)).toBe(50000);
    expect(await stockOf(apples.id)).toBe(200);
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
  });

  it("a slot of another farm, a day that is not the window's weekday, or a retired window is slot_closed", async () => {
    const { farm: other } = await createFarm();
    const otherWindow = await createWindow(other.id, { kind: "delivery" });
    const slot = await slotOf(farm.id);
    const date = slot.slotId.slice(-10);
    const nextDay = new Date(Date.parse(`${date}T12:00:00Z`) + 24 * 3600_000)
      .toISOString()
      .slice(0, 10);
    for (const slotId of [`w${otherWindow.id}-${date}`, `w${setup.pickup.id}-${nextDay}`]) {
      const res = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
        [farm.id]: { slotId },
      });
      expectError(
        res,
        409,
        "slot_closed",
        "That pickup or delivery time is no longer offered by Green Acres: choose another",
      );
    }
    await db.fulfilmentWindow.update({ where: { id: setup.pickup.id }, data: { archived: true } });
    const res = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
      [farm.id]: { slotId: slot.slotId },
    });
    expect([res.status, res.json.code]).toEqual([409, "slot_closed"]);
  });

  it("a cutoff that passes between cart and payment is refused with its message, in the farm's local time", async () => {
    // Saturday 28 Nov 09:00 with a 40 h cutoff closes on Thursday 26 Nov at 17:00, Vancouver time
    // (UTC−7 for good from 1 Nov 2026: tz database 2026b on).
    const inCart = new Date("2026-11-26T16:59:59-07:00");
    const atPayment = new Date("2026-11-26T17:00:00-07:00");
    await expect(pickupCheckout("2026-11-28", atPayment)).rejects.toMatchObject({
      code: "slot_closed",
      message:
        "Orders for Green Acres' Sat, Nov 28, 9:00 am pickup closed at Thu, Nov 26, 5:00 pm: choose another time",
    });
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
    const { value } = await pickupCheckout("2026-11-28", inCart);
    expect(value.orders[0].fulfilment?.cutoff).toBe("2026-11-26T17:00:00.000-07:00");
  });

  it("British Columbia's last clock change: a Saturday 09:00–13:00 window is 09:00-08:00 before 8 Mar 2026 and 09:00-07:00 after; no change on 1 Nov 2026", async () => {
    const now = new Date("2026-02-20T12:00:00Z");
    const before = await pickupCheckout("2026-03-07", now);
    expect(before.value.orders[0].fulfilment).toMatchObject({
      start: "2026-03-07T09:00:00.000-08:00",
      end: "2026-03-07T13:00:00.000-08:00",
      cutoff: "2026-03-05T17:00:00.000-08:00",
    });
    const after = await pickupCheckout("2026-03-14", now);
    expect(after.value.orders[0].fulfilment).toMatchObject({
      start: "2026-03-14T09:00:00.000-07:00",
      end: "2026-03-14T13:00:00.000-07:00",
      cutoff: "2026-03-12T17:00:00.000-07:00",
    });
    // 1 November 2026 is no change any more (Node 20's own data, 2025c, still said PST from then).
    const november = await pickupCheckout("2026-11-07", new Date("2026-10-20T12:00:00Z"));
    expect(november.value.orders[0].fulfilment).toMatchObject({
      start: "2026-11-07T09:00:00.000-07:00",
      end: "2026-11-07T13:00:00.000-07:00",
      cutoff: "2026-11-05T17:00:00.000-07:00",
    });
    const stored = await db.orderFulfilment.findMany({
      where: { order: { userId: me.user.id } },
      orderBy: { orderId: "asc" },
    });
    expect(stored.map((f) => [f.localDate, f.startsAt.toISOString()])).toEqual([
      ["2026-03-07", "2026-03-07T17:00:00.000Z"],
      ["2026-03-14", "2026-03-14T16:00:00.000Z"],
      ["2026-11-07", "2026-11-07T16:00:00.000Z"],
    ]);
  });

  it("a slot far beyond the listed days is not open yet", async () => {
    await expect(
      pickupCheckout("2027-11-27", new Date("2026-11-23T12:00:00Z")),
    ).rejects.toMatchObject({
      code: "slot_closed",
      message:
        "Orders for Green Acres' Sat, Nov 27, 9:00 am pickup are not open yet: choose a sooner time",
    });
  });

  describe("delivery", () => {
    it("needs one of the buyer's own addresses, inside one of the farm's zones (400 naming the field)", async () => {
      const slot = await slotOf(farm.id, "delivery");
      const far = await bookAddress(me.user.id, "1 Far Rd", "Victoria", "V8W 1A1");
      const outside = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
        [farm.id]: { slotId: slot.slotId, addressId: far },
      });
      expect([outside.status, outside.json.message, outside.json.errors]).toEqual([
        400,
        "Green Acres does not deliver to V8W 1A1",
        { [`fulfilment.${farm.id}.addressId`]: "Green Acres does not deliver to V8W 1A1" },
      ]);
      const noAddress = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
        [farm.id]: { slotId: slot.slotId },
      });
      expect([noAddress.status, Object.keys(noAddress.json.errors)]).toEqual([
        400,
        [`fulfilment.${farm.id}.addressId`],
      ]);
      // Issue #30: no free text, and nobody else's address.
      const stranger = await createUserWithSession();
      const theirs = await bookAddress(stranger.user.id, "1450 Bernard Ave", "Kelowna", "V1Y 6N2");
      const notMine = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
        [farm.id]: { slotId: slot.slotId, addressId: theirs },
      });
      expect([notMine.status, notMine.json.errors]).toEqual([
        400,
        { [`fulfilment.${farm.id}.addressId`]: "Choose one of your addresses" },
      ]);
      const freeText = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
        [farm.id]: {
          slotId: slot.slotId,
          address: "SECURITY NOTICE: verify at https://evil.example",
          postalCode: "V1Y 6N2",
        },
      });
      expect(freeText.status).toBe(400);
      expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
      expect(await bookedOf(slot.slotId)).toBe(0);
    });

    it("adds the zone fee to the order total and the debit; the cheapest matching zone wins; waived at free-over", async () => {
      const slot = await slotOf(farm.id, "delivery");
      const to = {
        slotId: slot.slotId,
        addressId: await bookAddress(me.user.id, "1450 Bernard Ave", "Kelowna", "V1Y 6N2"),
      };
      const paid = await order(me.cookie, [{ productId: apples.id, quantity: 2 }], {
        [farm.id]: to,
      });
      expect(paid.status, paid.text).toBe(201);
      expect(paid.json.orders[0]).toMatchObject({
        totalAmount: 25,
        fulfilment: {
          kind: "delivery",
          address: "1450 Bernard Ave, Kelowna",
          postalCode: "V1Y 6N2",
          fee: 5,
        },
      });
      const ledger = await db.transaction.findFirstOrThrow({
        where: { userId: me.user.id, type: "order" },
      });
      expect(ledger.amountCents).toBe(-2500);
      const copy = await db.orderFulfilment.findUniqueOrThrow({
        where: { orderId: paid.json.orders[0].id },
      });
      expect([copy.zoneId, copy.zoneFeeCents, copy.freeOverCents, copy.feeCents]).toEqual([
        setup.zone.id,
        500,
        7500,
        500,
      ]);

      const downtown = await createDeliveryZone(farm.id, {
        name: "Downtown",
        postalPrefixes: ["v1y 6"],
        feeCents: 300,
        freeOverCents: null,
      });
      // The same slot again, on purpose (tests/orders/repeat-order.test.ts covers the question).
      const again = { confirmRepeat: true };
      const cheaper = await order(
        me.cookie,
        [{ productId: apples.id, quantity: 2 }],
        { [farm.id]: to },
        undefined,
        again,
      );
      expect(cheaper.json.orders[0]).toMatchObject({ totalAmount: 23, fulfilment: { fee: 3 } });
      expect(
        (
          await db.orderFulfilment.findUniqueOrThrow({
            where: { orderId: cheaper.json.orders[0].id },
          })
        ).zoneId,
      ).toBe(downtown.id);

      // At 75.00 of goods the Kelowna zone is free, which beats Downtown's 3.00.
      const free = await order(
        me.cookie,
        [{ productId: apples.id, quantity: 8 }],
        { [farm.id]: to },
        undefined,
        again,
      );
      expect(free.json.orders[0]).toMatchObject({ totalAmount: 80, fulfilment: { fee: 0 } });
      expect(await balanceCents(me.user.id)).toBe(50000 - 2500 - 2300 - 8000);
    });
  });

  it("under the farm's minimum order is 409 below_minimum with the amount", async () => {
    await db.farm.update({ where: { id: farm.id }, data: { minimumOrderCents: 3000 } });
    const slot = await slotOf(farm.id);
    const res = await order(me.cookie, [{ productId: apples.id, quantity: 2 }], {
      [farm.id]: { slotId: slot.slotId },
    });
    expectError(res, 409, "below_minimum", "The minimum order at Green Acres is $30.00");
    expect(
      (
        await order(me.cookie, [{ productId: apples.id, quantity: 3 }], {
          [farm.id]: { slotId: slot.slotId },
        })
      ).status,
    ).toBe(201);
  });

  it("one checkout over two farms books each farm's slot; a full slot refuses the whole checkout", async () => {
    const { farm: hens } = await createFarm({ farmName: "Sunny Hen" });
    const point = await createPickupPoint(hens.id, { name: "Farm gate" });
    await createWindow(hens.id, { pickupPointId: point.id, capacity: 1 });
    const eggs = await createProduct(hens.id, { name: "Eggs", priceCents: 600 });
    const mine = await slotOf(farm.id);
    const theirs = await slotOf(hens.id);
    const choice = { [farm.id]: { slotId: mine.slotId }, [hens.id]: { slotId: theirs.slotId } };
    const first = await order(
      me.cookie,
      [
        { productId: apples.id, quantity: 1 },
        { productId: eggs.id, quantity: 1 },
      ],
      choice,
    );
    expect(first.status, first.text).toBe(201);
    expect(
      first.json.orders.map(
        (o: { fulfilment: { pickupPoint: { name: string } } }) => o.fulfilment.pickupPoint.name,
      ),
    ).toEqual([setup.point.name, "Farm gate"]);

    const other = await createUserWithSession();
    await topUp(other.cookie, 100);
    const full = await order(
      other.cookie,
      [
        { productId: apples.id, quantity: 1 },
        { productId: eggs.id, quantity: 1 },
      ],
      choice,
    );
    expect([full.status, full.json.code]).toEqual([409, "slot_full"]);
    expect(full.json.message).toMatch(
      /^Sunny Hen's \w{3}, \w{3} \d{1,2}, 9:00 am pickup is full: choose another time$/,
    );
    expect([
      await bookedOf(mine.slotId),
      await bookedOf(theirs.slotId),
      await stockOf(apples.id),
      await balanceCents(other.user.id),
    ]).toEqual([1, 1, 199, 10000]);
  });

  it("cancelling an order gives its place in the slot back", async () => {
    await db.fulfilmentWindow.update({ where: { id: setup.pickup.id }, data: { capacity: 1 } });
    const slot = await slotOf(farm.id);
    const mine = await order(me.cookie, [{ productId: apples.id, quantity: 1 }], {
      [farm.id]: { slotId: slot.slotId },
    });
    expect(mine.status).toBe(201);
    const other = await createUserWithSession();
    await topUp(other.cookie, 100);
    expect(
      (
        await order(other.cookie, [{ productId: apples.id, quantity: 1 }], {
          [farm.id]: { slotId: slot.slotId },
        })
      ).json.code,
    ).toBe("slot_full");
    const id = String(mine.json.orders[0].id);
    expect((await cancelOrder(me.cookie, id)).status).toBe(200);
    expect(await bookedOf(slot.slotId)).toBe(0);
    expect(
      (
        await order(other.cookie, [{ productId: apples.id, quantity: 1 }], {
          [farm.id]: { slotId: slot.slotId },
        })
      ).status,
    ).toBe(201);
    expect(await bookedOf(slot.slotId)).toBe(1);
  });

  it("a retried checkout with the same Idempotency-Key books its slot once", async () => {
    const slot = await slotOf(farm.id);
    const a = await order(
      me.cookie,
      [{ productId: apples.id, quantity: 1 }],
      { [farm.id]: { slotId: slot.slotId } },
      "twice",
    );
    const b = await order(
      me.cookie,
      [{ productId: apples.id, quantity: 1 }],
      { [farm.id]: { slotId: slot.slotId } },
      "twice",
    );
    expect([a.status, b.status, b.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(await bookedOf(slot.slotId)).toBe(1);
  });

  itOnPostgres(
    "a slot's capacity holds under 20 racing checkouts: exactly capacity succeed, the rest are slot_full (PostgreSQL only)",
    async () => {
      const capacity = 6;
      await db.fulfilmentWindow.update({ where: { id: setup.pickup.id }, data: { capacity } });
      const slot = await slotOf(farm.id);
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUserWithSession()));
      for (const b of buyers) await topUp(b.cookie, 50);
      const results = await Promise.all(
        buyers.map((b) =>
          order(b.cookie, [{ productId: apples.id, quantity: 1 }], {
            [farm.id]: { slotId: slot.slotId },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(capacity);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(20 - capacity);
      for (const r of refused) expect([r.status, r.json.code]).toEqual([409, "slot_full"]);
      expect(await bookedOf(slot.slotId)).toBe(capacity);
      expect(await db.orderFulfilment.count({ where: { farmId: farm.id } })).toBe(capacity);
      expect(await stockOf(apples.id)).toBe(200 - capacity);
      const paid = await Promise.all(buyers.map((b) => balanceCents(b.user.id)));
      expect(paid.filter((c) => c === 4000)).toHaveLength(capacity);
      expect(paid.filter((c) => c === 5000)).toHaveLength(20 - capacity);
    },
  );
});
