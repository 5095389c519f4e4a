import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { nextPackDate } from "@/lib/server/fulfilment/pack-dates";
import { slotOn } from "@/lib/server/fulfilment/time";
import { createFarmerWithSession, createUser } from "../support/factories";
import { createPickupPoint, createWindow } from "../support/fulfilment";

const VAN = "America/Vancouver";

async function orderOn(farmId: number, window: Awaited<ReturnType<typeof createWindow>>, localDate: string, status: "active" | "completed" | "cancelled") {
  const buyer = await createUser();
  const times = slotOn(window, localDate, VAN)!;
  const slot = await db.fulfilmentSlot.upsert({ where: { windowId_localDate: { windowId: window.id, localDate } }, create: { windowId: window.id, localDate, booked: 1 }, update: { booked: { increment: 1 } } });
  await db.order.create({
    data: {
      userId: buyer.id,
      farmId,
      status,
      isPaid: true,
      checkoutRef: `CO-${Math.random().toString(16).slice(2, 10)}`,
      totalCents: 500,
      itemCount: 1,
      fulfilment: { create: { farmId, slotId: slot.id, kind: "pickup", startsAt: times.start, endsAt: times.end, cutoffAt: times.cutoff, localDate, timeZone: VAN } },
    },
  });
}

describe("the pack list's default day", () => {
  it("is the farm's next local date with an active order, else today in the farm's zone", async () => {
    const me = await createFarmerWithSession();
    const point = await createPickupPoint(me.farm.id);
    const saturday = await createWindow(me.farm.id, { pickupPointId: point.id });
    // Wed 25 Nov 2026, 23:30 in Vancouver (already the 26th in UTC).
    const now = new Date("2026-11-26T07:30:00Z");
    expect(await nextPackDate(me.user, now)).toBe("2026-11-25");

    await orderOn(me.farm.id, saturday, "2026-11-21", "active"); // past
    await orderOn(me.farm.id, saturday, "2026-11-28", "cancelled");
    expect(await nextPackDate(me.user, now)).toBe("2026-11-25");

    await orderOn(me.farm.id, saturday, "2026-12-05", "active");
    expect(await nextPackDate(me.user, now)).toBe("2026-12-05");
    await orderOn(me.farm.id, saturday, "2026-11-28", "active");
    expect(await nextPackDate(me.user, now)).toBe("2026-11-28");
  });
});
