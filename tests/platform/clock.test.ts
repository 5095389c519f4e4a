import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import * as packListRoute from "@/app/api/my-farm/pack-list/route";
import { TEST_CLOCK_COOKIE, testClockOffset } from "@/lib/server/platform/clock";
import { db } from "@/lib/server/platform/db";
import { authSecret } from "@/lib/server/platform/env";
import { closeListener } from "@/lib/server/platform/notify";
import { slotOn } from "@/lib/server/fulfilment/time";
import { farmerWithSession } from "../farm/support";
import { call } from "../support/http";
import { withEnv } from "../support/env";
import { createOrderInSlot, createPickupAndDelivery } from "../support/fulfilment";

afterAll(closeListener);

/** The cookie value e2e/clock.ts writes: the offset and its HMAC under AUTH_SECRET. */
const signed = (offsetMs: number, secret = authSecret()) =>
  `${offsetMs}.${crypto.createHmac("sha256", secret).update(`test-clock:${offsetMs}`).digest("base64url")}`;

describe("the test clock cookie", () => {
  const day = 86_400_000;
  it.each([
    ["TEST_CLOCK unset (production)", undefined, signed(day), 0],
    ["TEST_CLOCK=off", "off", signed(day), 0],
    ["on, signed", "on", signed(day), day],
    ["on, signed, backwards", "on", signed(-3 * day), -3 * day],
    ["on, another secret", "on", signed(day, "x".repeat(40)), 0],
    ["on, offset changed after signing", "on", signed(day).replace(/^\d+/, String(2 * day)), 0],
    ["on, unsigned", "on", String(day), 0],
    ["on, garbage", "on", "soon.please", 0],
    ["on, no cookie", "on", undefined, 0],
  ])("%s → offset %s", async (_, flag, value, offset) => {
    await withEnv({ TEST_CLOCK: flag }, async () => {
      expect(testClockOffset(value)).toBe(offset);
    });
  });
});

describe("a request's business clock", () => {
  async function orderAhead() {
    const me = await farmerWithSession({ farmName: "Clock Farm" });
    const { pickup } = await createPickupAndDelivery(me.farm.id);
    // A Saturday two to three weeks ahead: its pickup has not started on the real clock.
    const ahead = new Date(Date.now() + 14 * 86_400_000);
    ahead.setUTCDate(ahead.getUTCDate() + ((6 - ahead.getUTCDay() + 7) % 7));
    const localDate = ahead.toISOString().slice(0, 10);
    const order = await createOrderInSlot(me.farm.id, pickup, localDate);
    const start = slotOn(pickup, localDate, "America/Vancouver")!.start;
    // The clock five minutes into that pickup.
    const clock = `${TEST_CLOCK_COOKIE}=${signed(start.getTime() + 5 * 60_000 - Date.now())}`;
    return { me, order, localDate, start, clock };
  }
  const complete = (cookie: string, id: number) =>
    call(completeRoute.POST, `/api/my-farm/orders/${id}/complete`, {
      method: "POST",
      cookie,
      params: { id: String(id) },
    });

  it("production ignores the cookie: the pickup has not started, 409 and nothing changes", async () => {
    const { me, order, localDate, clock } = await orderAhead();
    await withEnv({ TEST_CLOCK: undefined }, async () => {
      const res = await complete(`${me.cookie}; ${clock}`, order.id);
      expect([res.status, res.json.code]).toEqual([409, "order_not_started"]);
      const list = await call(packListRoute.GET, `/api/my-farm/pack-list?date=${localDate}`, {
        cookie: `${me.cookie}; ${clock}`,
      });
      expect(list.status, list.text).toBe(200);
      expect(list.json.today).toBe(
        new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date()),
      );
    });
    const still = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([still.status, still.completedAt]).toEqual(["active", null]);
  });

  it("on the e2e server the signed cookie moves that request's clock: the handover is allowed, completed at that time", async () => {
    const { me, order, localDate, start, clock } = await orderAhead();
    await withEnv({ TEST_CLOCK: "on" }, async () => {
      const list = await call(packListRoute.GET, `/api/my-farm/pack-list?date=${localDate}`, {
        cookie: `${me.cookie}; ${clock}`,
      });
      expect(list.status, list.text).toBe(200);
      expect(list.json.today).toBe(localDate);
      // Without the cookie the same server keeps the real clock.
      expect((await complete(me.cookie, order.id)).status).toBe(409);
      const res = await complete(`${me.cookie}; ${clock}`, order.id);
      expect(res.status, res.text).toBe(200);
    });
    const done = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(done.status).toBe("completed");
    const late = done.completedAt!.getTime() - start.getTime();
    expect(late).toBeGreaterThanOrEqual(5 * 60_000);
    expect(late).toBeLessThan(6 * 60_000);
  });
});
