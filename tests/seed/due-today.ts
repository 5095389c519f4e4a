import { expect } from "vitest";
import { completeOrder } from "@/lib/server/orders/farm-orders";
import { packList } from "@/lib/server/fulfilment/pack-list";
import { db } from "@/lib/server/platform/db";
import { localDateOf } from "@/lib/server/tz-zone";

/**
 * The README's farmer (Margaret, Sunny Slope Orchards) right after a seed at `now`: the pack list
 * opens on today, on an order whose pickup has started, and "Handed over" completes it.
 */
export async function expectHandoverDueToday(now: Date) {
  const farm = await db.farm.findFirstOrThrow({
    where: { user: { email: "margaret.chen@farms.fieldfare.app" } },
  });
  const today = localDateOf(now, "America/Vancouver");
  const due = await db.orderFulfilment.findMany({
    where: { farmId: farm.id, localDate: today, order: { status: "active" } },
  });
  expect(due, `an order due on ${today}`).toHaveLength(1);
  expect(due[0].startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
  expect(due[0].endsAt.getTime()).toBeGreaterThan(now.getTime());
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { passwordHash, ...user } = await db.user.findUniqueOrThrow({ where: { id: farm.userId } });
  expect((await packList(user, undefined, now)).date).toBe(today);
  const handed = await completeOrder(user, due[0].orderId, now);
  expect(handed.value.order.status).toBe("completed");
}
