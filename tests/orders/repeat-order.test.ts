import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as ordersRoute from "@/app/api/orders/route";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { slotIdOf } from "@/lib/validators/fulfilment";
import { call } from "../support/http";
import { cancelOrder } from "../support/orders";
import { createUserWithSession } from "../support/factories";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import {
  chefAndGreenAcres,
  patchStanding,
  saturdayPickup,
  type StandingWorld,
} from "../standing/support";

checkLedgerAfterEach();

/**
 * Defect 4 of issue 46: a second order for a farm and slot that already has one of this buyer's
 * active orders, or that a standing order of theirs covers, is asked about (409 repeat_order)
 * and placed only when the request confirms it (docs/fulfilment.md, "Checkout").
 */
let world: StandingWorld;

beforeEach(async () => {
  world = await chefAndGreenAcres(200);
});

function order(cookie: string, slotId: string, extra: Record<string, unknown> = {}) {
  return call(ordersRoute.POST, "/api/orders", {
    body: {
      items: [{ productId: world.apples.id, quantity: 1 }],
      fulfilment: { [world.farm.id]: { slotId } },
      ...extra,
    },
    cookie,
  });
}

const soonest = async (kind: "pickup" | "delivery" = "pickup") =>
  (await listSlots(world.farm.id, 14)).find((s) => s.kind === kind)!;

const ordersOf = (userId: number) => db.order.count({ where: { userId } });

describe("a repeat order", () => {
  it("asks before a second order in the same slot, writes nothing, and places it once confirmed", async () => {
    const { chef, farm } = world;
    const slot = await soonest();
    const first = await order(chef.cookie, slot.slotId);
    expect(first.status, first.text).toBe(201);
    const firstId = (first.json as { orders: { id: number }[] }).orders[0].id;
    const before = await balanceCents(chef.user.id);

    const asked = await order(chef.cookie, slot.slotId);
    expect(asked.status, asked.text).toBe(409);
    const body = asked.json as { code: string; message: string; errors: Record<string, string> };
    expect(body.code).toBe("repeat_order");
    expect(body.message).toMatch(
      new RegExp(
        `^You already have order #${firstId} for Green Acres' \\w{3}, \\w{3} \\d+, 9:00 am pickup$`,
      ),
    );
    expect(body.errors).toEqual({ [`fulfilment.${farm.id}`]: body.message });
    expect([await ordersOf(chef.user.id), await balanceCents(chef.user.id)]).toEqual([1, before]);

    const confirmed = await order(chef.cookie, slot.slotId, { confirmRepeat: true });
    expect(confirmed.status, confirmed.text).toBe(201);
    expect([await ordersOf(chef.user.id), await balanceCents(chef.user.id)]).toEqual([
      2,
      before - 1000,
    ]);
  });

  it("does not ask for another slot, another buyer's order or a cancelled one", async () => {
    const { chef } = world;
    const pickup = await soonest("pickup");
    const first = await order(chef.cookie, pickup.slotId);
    expect(first.status, first.text).toBe(201);

    // The farm's Wednesday delivery is another slot (delivery needs an address of the buyer's).
    const address = await db.address.create({
      data: {
        userId: chef.user.id,
        label: "Kitchen",
        line1: "1 Bernard Ave",
        city: "Kelowna",
        postalCode: "V1Y 6N2",
      },
    });
    const delivery = await call(ordersRoute.POST, "/api/orders", {
      body: {
        items: [{ productId: world.apples.id, quantity: 1 }],
        fulfilment: {
          [world.farm.id]: { slotId: (await soonest("delivery")).slotId, addressId: address.id },
        },
      },
      cookie: chef.cookie,
    });
    expect(delivery.status, delivery.text).toBe(201);

    const other = await createUserWithSession({ fullName: "Other Buyer" });
    await topUp(other.cookie, 50);
    const theirs = await order(other.cookie, pickup.slotId);
    expect(theirs.status, theirs.text).toBe(201);

    const firstId = (first.json as { orders: { id: number }[] }).orders[0].id;
    expect((await cancelOrder(chef.cookie, firstId)).status).toBe(200);
    const again = await order(chef.cookie, pickup.slotId);
    expect(again.status, again.text).toBe(201);
  });

  it("asks when the buyer's standing order covers the slot, not on its skipped or paused dates", async () => {
    const { chef, farm } = world;
    const standing = await saturdayPickup(world, chef.cookie, 2);
    const covered = slotIdOf(world.setup.pickup.id, standing.nextDate);
    const asked = await order(chef.cookie, covered);
    expect(asked.status, asked.text).toBe(409);
    const body = asked.json as { code: string; message: string; errors: Record<string, string> };
    expect(body.code).toBe("repeat_order");
    expect(body.message).toMatch(
      /^Your standing order already covers Green Acres' Sat, \w{3} \d+, 9:00 am pickup$/,
    );
    expect(body.errors).toEqual({ [`fulfilment.${farm.id}`]: body.message });
    expect(await ordersOf(chef.user.id)).toBe(0);

    // The week after is covered too; skipping the next one leaves that date free.
    const weekAfter = new Date(`${standing.nextDate}T12:00:00Z`);
    weekAfter.setUTCDate(weekAfter.getUTCDate() + 7);
    const following = slotIdOf(world.setup.pickup.id, weekAfter.toISOString().slice(0, 10));
    expect((await order(chef.cookie, following)).status).toBe(409);
    const skipped = await patchStanding(standing.id, { action: "skipNext" }, chef.cookie);
    expect(skipped.status, skipped.text).toBe(200);
    const free = await order(chef.cookie, covered);
    expect(free.status, free.text).toBe(201);

    const paused = await patchStanding(standing.id, { action: "pause" }, chef.cookie);
    expect(paused.status, paused.text).toBe(200);
    const whilePaused = await order(chef.cookie, following);
    expect(whilePaused.status, whilePaused.text).toBe(201);
  });

  it("refuses a confirm flag that is not a boolean", async () => {
    const res = await order(world.chef.cookie, (await soonest()).slotId, { confirmRepeat: "yes" });
    expect(res.status).toBe(400);
    expect((res.json as { errors: Record<string, string> }).errors).toEqual({
      confirmRepeat: "confirmRepeat must be true or false",
    });
  });
});
