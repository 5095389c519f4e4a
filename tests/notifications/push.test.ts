import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { resetEnvCache, vapidKeys } from "@/lib/server/platform/env";
import * as prefsRoute from "@/app/api/notification-preferences/route";
import * as subsRoute from "@/app/api/push-subscriptions/route";
import * as subRoute from "@/app/api/push-subscriptions/[id]/route";
import * as proposeRoute from "@/app/api/my-farm/orders/[id]/adjustments/route";
import * as acceptRoute from "@/app/api/orders/[id]/adjustments/[aid]/accept/route";
import * as declineRoute from "@/app/api/orders/[id]/adjustments/[aid]/decline/route";
import * as messagesRoute from "@/app/api/messages/route";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { webPushTransport } from "@/lib/server/emails/push-transport";
import { queueCutoffPushes, queueMessagePushes } from "@/lib/server/notifications/scans";
import { slotOn } from "@/lib/server/fulfilment/time";
import type { PushKind } from "@/lib/validators/notifications";
import { call } from "../support/http";
import { createOrderInSlot, createPickupAndDelivery } from "../support/fulfilment";
import { createUserWithSession } from "../support/factories";
import { buyerAndGreenAcres, type GreenAcresWorld } from "../support/green-acres";
import { startPushService, type TestPushService } from "../support/push-service";
import { checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { outboxPerTest } from "./outbox";

checkLedgerAfterEach();
const smtp = outboxPerTest();

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
  process.env.PUSH_SERVICE_ORIGINS = service.origin;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.PUSH_SERVICE_ORIGINS;
  resetEnvCache();
  await service.close();
});

let buyer: GreenAcresWorld["buyer"];
let farmer: GreenAcresWorld["farmer"];
let carrots: GreenAcresWorld["carrots"];

beforeEach(async () => {
  service.received.length = 0;
  service.status.clear();
  await db.pushSubscription.deleteMany();
  ({ buyer, farmer, carrots } = await buyerAndGreenAcres({ fullName: "Bea Buyer" }));
});

const send = (now = new Date(Date.now() + 1000)) =>
  sendDueNotifications({
    mailer: smtp().mailer(),
    push: webPushTransport(vapidKeys()!, { agent: service.agent }),
    now,
  });

const setPush = (cookie: string, push: Partial<Record<PushKind, boolean>>) =>
  call(prefsRoute.PUT, "/api/notification-preferences", { method: "PUT", body: { push }, cookie });

/** The farmer's phone: subscribed, with `kinds` switched on. */
async function farmerPhone(kinds: PushKind[]) {
  const sub = service.subscribe();
  const res = await call(subsRoute.POST, "/api/push-subscriptions", {
    body: sub.json,
    cookie: farmer.cookie,
    headers: { "user-agent": "Test phone" },
  });
  expect(res.status, res.text).toBe(201);
  const prefs = await setPush(farmer.cookie, Object.fromEntries(kinds.map((k) => [k, true])));
  expect(prefs.status, prefs.text).toBe(200);
  return { sub, id: res.json.id as number };
}

async function orderCarrots(quantity = 4) {
  const res = await placeOrder(buyer.cookie, [{ productId: carrots.id, quantity }]);
  expect(res.status, res.text).toBe(201);
  return res.json.orders[0].id as number;
}

const messageFarmer = async (content: string) => {
  const res = await call(messagesRoute.POST, "/api/messages", {
    body: { receiverId: farmer.user.id, content },
    cookie: buyer.cookie,
  });
  expect(res.status, res.text).toBe(201);
};

async function proposeIncrease(orderId: number) {
  const line = await db.orderItem.findFirstOrThrow({ where: { orderId } });
  const res = await call(proposeRoute.POST, `/api/my-farm/orders/${orderId}/adjustments`, {
    body: { lines: [{ itemId: line.id, quantity: line.quantity + 2 }] },
    cookie: farmer.cookie,
    params: { id: String(orderId) },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function answer(route: typeof acceptRoute, orderId: number, aid: number, verb: string) {
  const res = await call(route.POST, `/api/orders/${orderId}/adjustments/${aid}/${verb}`, {
    method: "POST",
    cookie: buyer.cookie,
    params: { id: String(orderId), aid: String(aid) },
  });
  expect(res.status, res.text).toBe(200);
}

/** Two active orders and a cancelled one in Saturday 12 December's pickup; the moment after its cutoff. */
async function slotPastCutoff() {
  const { pickup } = await createPickupAndDelivery(farmer.farm.id);
  const localDate = "2026-12-12";
  for (const status of ["active", "active", "cancelled"] as const)
    await createOrderInSlot(farmer.farm.id, pickup, localDate, {
      status,
      lines: [{ product: carrots, quantity: 1 }],
    });
  return new Date(slotOn(pickup, localDate, "America/Vancouver")!.cutoff.getTime() + 60_000);
}

describe("push subscriptions", () => {
  it("a signed-in user saves a browser's subscription, lists it and removes it; no one else can", async () => {
    const sub = service.subscribe();
    const res = await call(subsRoute.POST, "/api/push-subscriptions", {
      body: sub.json,
      cookie: farmer.cookie,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      endpoint: sub.json.endpoint,
      createdAt: expect.any(String),
    });
    // Saving the same endpoint again keeps one row.
    expect(
      (
        await call(subsRoute.POST, "/api/push-subscriptions", {
          body: sub.json,
          cookie: farmer.cookie,
        })
      ).status,
    ).toBe(201);
    const list = await call(subsRoute.GET, "/api/push-subscriptions", { cookie: farmer.cookie });
    expect(list.json).toEqual([res.json]);
    expect(
      (await call(subsRoute.GET, "/api/push-subscriptions", { cookie: buyer.cookie })).json,
    ).toEqual([]);

    const path = `/api/push-subscriptions/${res.json.id}`;
    const params = { id: String(res.json.id) };
    const theirs = await call(subRoute.DELETE, path, {
      method: "DELETE",
      cookie: buyer.cookie,
      params,
    });
    expect(theirs.status).toBe(404);
    const mine = await call(subRoute.DELETE, path, {
      method: "DELETE",
      cookie: farmer.cookie,
      params,
    });
    expect(mine.status, mine.text).toBe(200);
    expect(await db.pushSubscription.count()).toBe(0);
  });

  it("refuses an endpoint that is not a browser push service, and keys that are not keys", async () => {
    const sub = service.subscribe();
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data",
      "https://evil.example/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
    ]) {
      const res = await call(subsRoute.POST, "/api/push-subscriptions", {
        body: { ...sub.json, endpoint },
        cookie: farmer.cookie,
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.json.errors.endpoint).toMatch(/push service/);
    }
    const badKey = await call(subsRoute.POST, "/api/push-subscriptions", {
      body: { ...sub.json, keys: { ...sub.json.keys, p256dh: "AAAA" } },
      cookie: farmer.cookie,
    });
    expect(badKey.status).toBe(400);
    expect(await db.pushSubscription.count()).toBe(0);
  });

  it("push switches are off until turned on, and the preferences give the VAPID public key", async () => {
    const res = await call(prefsRoute.GET, "/api/notification-preferences", {
      cookie: farmer.cookie,
    });
    expect(res.json.push).toEqual({
      new_order: false,
      new_message: false,
      adjustment_answer: false,
      cutoff_passed: false,
    });
    expect(res.json.pushKey).toBe(vapidKeys()!.publicKey);
    expect(res.json.pushKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const on = await setPush(farmer.cookie, { new_order: true });
    expect(on.json.push.new_order).toBe(true);
    expect(on.json.email.order_received).toBe(true);
  });

  it("a subscribed farmer with no switch on gets nothing, and nothing is queued", async () => {
    await farmerPhone([]);
    await orderCarrots();
    expect(await db.notification.count({ where: { kind: { startsWith: "push:" } } })).toBe(0);
    await send();
    expect(service.received).toEqual([]);
  });
});

describe("the four kinds arrive, decrypted, with their words", () => {
  it("a new order", async () => {
    await farmerPhone(["new_order"]);
    const id = await orderCarrots(4);
    const r = await send();
    expect(r.failed + r.retried).toBe(0);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push.message).toEqual({
      title: `New order #${id}`,
      body: "4 items, $12.00",
      url: "/my-farm",
      tag: `order-${id}`,
    });
    expect(push.vapid.aud).toBe(service.origin);
    expect(push.vapid.sub).toMatch(/^mailto:/);
    expect(push.vapid.publicKey).toBe(vapidKeys()!.publicKey);
    expect(push.urgency).toBe("high");
    expect(Number(push.ttl)).toBe(86_400);
    // The email still goes; the push is another row.
    expect(smtp().mails.map((m) => m.subject)).toContain(`New order #${id}`);
    expect(
      (await db.notification.findFirstOrThrow({ where: { kind: "push:new_order" } })).status,
    ).toBe("sent");
  });

  it("a new message", async () => {
    await farmerPhone(["new_message"]);
    await messageFarmer("Do you have more kale? See https://kale.example for pics");
    expect(await queueMessagePushes(new Date(Date.now() + 1000))).toBe(1);
    expect(await queueMessagePushes(new Date(Date.now() + 2000))).toBe(0);
    await send();
    expect(service.received.map((p) => p.message)).toEqual([
      {
        title: "New message from Bea Buyer",
        body: "Do you have more kale? See https[:]//kale[.]example for pics",
        url: `/messages/${buyer.user.id}`,
        tag: `messages-${buyer.user.id}`,
      },
    ]);
  });

  it("a buyer's answer to an adjustment card: accepted, then declined", async () => {
    const first = await orderCarrots(2);
    const second = await orderCarrots(3);
    await farmerPhone(["adjustment_answer"]);
    const a1 = await proposeIncrease(first);
    const a2 = await proposeIncrease(second);
    await answer(acceptRoute, first, a1, "accept");
    await answer(declineRoute, second, a2, "decline");
    await send();
    expect(service.received.map((p) => p.message.title).sort()).toEqual([
      `Change accepted on order #${first}`,
      `Change declined on order #${second}`,
    ]);
    const declined = service.received.find((p) => p.message.title.includes("declined"))!;
    expect(declined.message.body).toBe(
      "The buyer declined the change you proposed. The order stays as it was.",
    );
    expect(declined.message.url).toBe(`/messages/${buyer.user.id}`);
  });

  it("cutoff passed — N orders to pack, once per slot", async () => {
    await farmerPhone(["cutoff_passed"]);
    const after = await slotPastCutoff();
    expect(await queueCutoffPushes(new Date(after.getTime() - 2 * 60_000))).toBe(0);
    expect(await queueCutoffPushes(after)).toBe(1);
    expect(await queueCutoffPushes(new Date(after.getTime() + 60_000))).toBe(0);
    await send(after);
    expect(service.received.map((p) => p.message)).toEqual([
      {
        title: "Cutoff passed — 2 orders to pack",
        body: "Pickup Sat, Dec 12, 9:00 am–1:00 pm",
        url: "/my-farm/pack-list?date=2026-12-12",
        tag: expect.stringMatching(/^cutoff-\d+$/),
      },
    ]);
  });
});

describe("each switch turns its kind off", () => {
  const cases: [PushKind, () => Promise<void>][] = [
    ["new_order", async () => void (await orderCarrots())],
    [
      "new_message",
      async () => {
        await messageFarmer("Hello");
        await queueMessagePushes(new Date(Date.now() + 1000));
      },
    ],
    [
      "adjustment_answer",
      async () => {
        const id = await orderCarrots();
        await answer(acceptRoute, id, await proposeIncrease(id), "accept");
      },
    ],
    ["cutoff_passed", async () => void (await queueCutoffPushes(await slotPastCutoff()))],
  ];
  it.each(cases)("%s off: the other three on, nothing arrives for it", async (kind, happen) => {
    await farmerPhone(
      (["new_order", "new_message", "adjustment_answer", "cutoff_passed"] as PushKind[]).filter(
        (k) => k !== kind,
      ),
    );
    await happen();
    await send(new Date(Date.now() + 30 * 24 * 3_600_000));
    const titles = service.received.map((p) => p.message.title);
    const pattern = {
      new_order: /^New order/,
      new_message: /^New message/,
      adjustment_answer: /^Change /,
      cutoff_passed: /^Cutoff passed/,
    }[kind];
    expect(titles.filter((t) => pattern.test(t))).toEqual([]);
    // The adjustment's order is a new order too: its own switch is on, so it did arrive.
    if (kind === "adjustment_answer") expect(titles.some((t) => /^New order/.test(t))).toBe(true);
  });

  it("a switch turned off after the push was queued: the row ends skipped, nothing arrives", async () => {
    await farmerPhone(["new_order"]);
    await orderCarrots();
    await setPush(farmer.cookie, { new_order: false });
    expect((await send()).skipped).toBeGreaterThan(0);
    expect(service.received).toEqual([]);
    expect(
      (await db.notification.findFirstOrThrow({ where: { kind: "push:new_order" } })).status,
    ).toBe("skipped");
  });
});

describe("failures", () => {
  it("a 410 from the push service removes the dead subscription; the other browser still gets it", async () => {
    const { sub: dead } = await farmerPhone(["new_order"]);
    const { sub: alive } = await farmerPhone(["new_order"]);
    service.status.set(dead.name, 410);
    await orderCarrots();
    const r = await send();
    expect(r.failed + r.retried).toBe(0);
    expect(service.received.map((p) => p.subscription)).toEqual([alive.name]);
    expect((await db.pushSubscription.findMany()).map((s) => s.endpoint)).toEqual([
      alive.json.endpoint,
    ]);
  });

  it("an outage is retried with backoff and the push arrives once the service is back", async () => {
    const { sub } = await farmerPhone(["new_order"]);
    service.status.set(sub.name, 503);
    const id = await orderCarrots();
    const t0 = new Date(Date.now() + 1000);
    expect((await send(t0)).retried).toBe(1);
    const row = await db.notification.findFirstOrThrow({ where: { kind: "push:new_order" } });
    expect(row.status).toBe("pending");
    expect(row.lastError).toContain("push service answered 503");
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    service.status.clear();
    expect((await send(new Date(t0.getTime() + 10_000))).sent).toBe(0); // not due yet
    const r = await send(new Date(t0.getTime() + 31_000));
    expect(r.sent).toBe(1);
    expect(service.received.map((p) => p.message.title)).toEqual([`New order #${id}`]);
    expect(await db.pushSubscription.count()).toBe(1);
  });

  it("a user without a farm may subscribe too; a buyer's switches are their own", async () => {
    const other = await createUserWithSession({ fullName: "Other" });
    const res = await call(subsRoute.POST, "/api/push-subscriptions", {
      body: service.subscribe().json,
      cookie: other.cookie,
    });
    expect(res.status).toBe(201);
    await farmerPhone(["new_order"]);
    await orderCarrots();
    await send();
    expect(service.received).toHaveLength(1);
  });
});
