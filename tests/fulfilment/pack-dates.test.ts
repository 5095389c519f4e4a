import { describe, expect, it } from "vitest";
import { packList } from "@/lib/server/fulfilment/pack-list";
import type { SessionUser } from "@/lib/server/auth/session";
import { createFarmerWithSession } from "../support/factories";
import { createOrderInSlot, createPickupPoint, createWindow } from "../support/fulfilment";

/** The day the pack list opens on when the address names none. */
const nextPackDate = async (user: SessionUser, now: Date) =>
  (await packList(user, undefined, now)).date;

describe("the pack list's default day", () => {
  it("is the farm's next local date with an active order, else today in the farm's zone", async () => {
    const me = await createFarmerWithSession();
    const point = await createPickupPoint(me.farm.id);
    const saturday = await createWindow(me.farm.id, { pickupPointId: point.id });
    // Wed 25 Nov 2026, 23:30 in Vancouver, UTC−7 for good since 1 November (already the 26th in
    // UTC; Node's own data, still on PST, would say 22:30).
    const now = new Date("2026-11-26T06:30:00Z");
    expect(await nextPackDate(me.user, now)).toBe("2026-11-25");
    // An hour later it is 00:30 on the 26th (PST would still have said 23:30 on the 25th).
    expect(await nextPackDate(me.user, new Date("2026-11-26T07:30:00Z"))).toBe("2026-11-26");

    await createOrderInSlot(me.farm.id, saturday, "2026-11-21", { status: "active" }); // past
    await createOrderInSlot(me.farm.id, saturday, "2026-11-28", { status: "cancelled" });
    expect(await nextPackDate(me.user, now)).toBe("2026-11-25");

    await createOrderInSlot(me.farm.id, saturday, "2026-12-05", { status: "active" });
    expect(await nextPackDate(me.user, now)).toBe("2026-12-05");
    await createOrderInSlot(me.farm.id, saturday, "2026-11-28", { status: "active" });
    expect(await nextPackDate(me.user, now)).toBe("2026-11-28");
    // The pack list without a day is that day's (the prerendered page asks for it so).
    const list = await packList(me.user, undefined, now);
    expect(list).toMatchObject({ date: "2026-11-28", today: "2026-11-25" });
    expect(list.orders).toHaveLength(1);
  });
});
