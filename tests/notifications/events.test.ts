import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as proposeRoute from "@/app/api/my-farm/orders/[id]/adjustments/route";
import * as acceptRoute from "@/app/api/orders/[id]/adjustments/[aid]/accept/route";
import * as standingRoute from "@/app/api/standing-orders/route";
import * as standingOneRoute from "@/app/api/standing-orders/[id]/route";
import * as messagesRoute from "@/app/api/messages/route";
import { closeListener } from "@/lib/server/platform/notify";
import { markPresent } from "@/lib/server/realtime/presence";
import {
  queueCutoffReminders,
  queueUnreadDigests,
  REMINDER_LEAD_MS,
} from "@/lib/server/notifications/scans";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { placeDueStandingOrders } from "@/lib/server/standing/worker";
import { call } from "../support/http";
import { createPickupAndDelivery } from "../support/fulfilment";
import { buyerAndGreenAcres, type GreenAcresWorld } from "../support/green-acres";
import { checkLedgerAfterEach, placeOrder } from "../wallet/support";
import { subjectsTo, smtpPerFile, type TestSmtp } from "./smtp";

checkLedgerAfterEach();

const smtpServer = smtpPerFile();
let smtp: TestSmtp;
afterAll(() => closeListener());

let buyer: GreenAcresWorld["buyer"];
let farmer: GreenAcresWorld["farmer"];
let carrots: GreenAcresWorld["carrots"];
let kale: GreenAcresWorld["kale"];

beforeEach(async () => {
  smtp = smtpServer();
  await db.notification.deleteMany();
  ({ buyer, farmer, carrots, kale } = await buyerAndGreenAcres({
    fullName: "Bea Buyer",
    userType: "restaurant",
  }));
});

const send = (now = new Date(Date.now() + 1000)) =>
  sendDueNotifications({ mailer: smtp.mailer(), now });
const to = (user: { email: string }) => subjectsTo(smtp.mails, user.email);

async function orderAndClear() {
  const res = await placeOrder(buyer.cookie, [
    { productId: carrots.id, quantity: 4 },
    { productId: kale.id, quantity: 2 },
  ]);
  expect(res.status, res.text).toBe(201);
  const id = res.json.orders[0].id as number;
  await send();
  smtp.mails.length = 0;
  const lines = await db.orderItem.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });
  return { id, line: (productId: number) => lines.find((l) => l.productId === productId)!.id };
}

const propose = (orderId: number, lines: object[]) =>
  call(proposeRoute.POST, `/api/my-farm/orders/${orderId}/adjustments`, {
    body: { lines },
    cookie: farmer.cookie,
    params: { id: String(orderId) },
  });

describe("adjustments", () => {
  it("a short-pick is applied at once: the buyer gets one 'changed' email, the farm none", async () => {
    const o = await orderAndClear();
    expect((await propose(o.id, [{ itemId: o.line(carrots.id), quantity: 2 }])).status).toBe(201);
    await send();
    expect(to(buyer.user)).toEqual([`Order #${o.id} was changed`]);
    expect(to(farmer.user)).toEqual([]);
    expect(smtp.mails[0].text).toContain("Carrots 4 → 2");
    expect(smtp.mails[0].text).toContain("$6.00 was refunded");
  });

  it("an increase is proposed to the buyer (one email); accepting it tells the farm (one email)", async () => {
    const o = await orderAndClear();
    const res = await propose(o.id, [{ itemId: o.line(carrots.id), quantity: 6 }]);
    expect(res.status, res.text).toBe(201);
    await send();
    expect(to(buyer.user)).toEqual([`A change is proposed to order #${o.id}`]);
    expect(smtp.mails[0].html).toContain(`/messages/${farmer.user.id}`);
    smtp.mails.length = 0;
    const aid = res.json.id as number;
    const accepted = await call(acceptRoute.POST, `/api/orders/${o.id}/adjustments/${aid}/accept`, {
      method: "POST",
      cookie: buyer.cookie,
      params: { id: String(o.id), aid: String(aid) },
    });
    expect(accepted.status, accepted.text).toBe(200);
    await send();
    expect(to(farmer.user)).toEqual([`Order #${o.id} was changed`]);
    expect(to(buyer.user)).toEqual([]);
    expect(smtp.mails[0].text).toContain("The buyer accepted your change");
    expect(smtp.mails[0].text).toContain("Buyer (the name a Fieldfare user gave):\n> Bea Buyer");
  });
});

describe("standing orders", () => {
  async function standing() {
    const setup = await createPickupAndDelivery(farmer.farm.id);
    const res = await call(standingRoute.POST, "/api/standing-orders", {
      body: {
        farmId: farmer.farm.id,
        items: [{ productId: carrots.id, quantity: 3 }],
        weekday: 6,
        kind: "pickup",
        pickupPointId: setup.point.id,
      },
      cookie: buyer.cookie,
    });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number; nextDate: string; placesAt: string };
  }

  it("a cutoff reminder a day ahead (once, however often the scan runs), then 'placed' with the receipt to the buyer and 'new order' to the farm", async () => {
    const s = await standing();
    const placesAt = new Date(s.placesAt).getTime();
    expect(await queueCutoffReminders(new Date(placesAt - REMINDER_LEAD_MS - 60_000))).toBe(0);
    const remindAt = new Date(placesAt - REMINDER_LEAD_MS + 60_000);
    expect(await queueCutoffReminders(remindAt)).toBe(1);
    expect(await queueCutoffReminders(new Date(remindAt.getTime() + 60_000))).toBe(0);
    await send(remindAt);
    expect(to(buyer.user)).toEqual([expect.stringMatching(/^Your standing order is placed /)]);
    // The amount it will be placed for: 3 carrots at $3.00.
    expect(smtp.mails[0].text).toContain("for $9.00 before any delivery fee");
    expect(smtp.mails[0].text).toContain("Carrots × 3 lb: $9.00");
    smtp.mails.length = 0;

    const due = new Date(placesAt + 60_000);
    expect((await placeDueStandingOrders(due)).map((o) => o.status)).toEqual(["placed"]);
    await send(due);
    expect(to(buyer.user)).toEqual([
      expect.stringMatching(/^Your standing order was placed \(#\d+\)$/),
    ]);
    expect(
      smtp.mails.find((m) => m.subject?.startsWith("Your standing"))!.attachments[0].contentType,
    ).toBe("application/pdf");
    expect(to(farmer.user)).toEqual([expect.stringMatching(/^New order #\d+$/)]);
  });

  it("the reminder shows the agreed amount, and a price rise since set-up as one to accept or not", async () => {
    const s = await standing();
    await db.product.update({ where: { id: carrots.id }, data: { priceCents: 350 } });
    const remindAt = new Date(new Date(s.placesAt).getTime() - REMINDER_LEAD_MS + 60_000);
    expect(await queueCutoffReminders(remindAt)).toBe(1);
    await send(remindAt);
    const [mail] = smtp.mails;
    expect(mail.text).toContain("for $9.00 before any delivery fee");
    expect(mail.text).toContain(
      "Carrots costs $3.50 at the farm now, above the $3.00 you agreed: you pay $3.00 unless you accept the rise",
    );
    // And so it is placed: $9.00, with the $1.50 rise as a card (which keeps later tests' scans clear).
    const [placed] = await placeDueStandingOrders(
      new Date(new Date(s.placesAt).getTime() + 60_000),
    );
    expect((await db.order.findUniqueOrThrow({ where: { id: placed.orderId } })).totalCents).toBe(
      900,
    );
    expect(
      (await db.orderAdjustment.findFirstOrThrow({ where: { orderId: placed.orderId } }))
        .deltaCents,
    ).toBe(150);
  });

  it("a skipped occurrence gets no reminder; a failed one tells the buyer why, once", async () => {
    const s = await standing();
    const skip = await call(standingOneRoute.PATCH, `/api/standing-orders/${s.id}`, {
      method: "PATCH",
      body: { action: "skipNext" },
      cookie: buyer.cookie,
      params: { id: String(s.id) },
    });
    expect(skip.status, skip.text).toBe(200);
    expect(await queueCutoffReminders(new Date(new Date(s.placesAt).getTime() - 60_000))).toBe(0);

    const s2 = await db.standingOrder.findUniqueOrThrow({ where: { id: s.id } });
    await db.standingOrder.update({ where: { id: s.id }, data: { skipNextDate: null } });
    await db.product.update({ where: { id: carrots.id }, data: { stock: 0, inStock: false } });
    const due = new Date(s2.nextDueAt.getTime() + 60_000);
    expect((await placeDueStandingOrders(due)).map((o) => o.status)).toEqual(["failed"]);
    await send(due);
    expect(to(buyer.user)).toEqual([expect.stringMatching(/was not placed$/)]);
    expect(smtp.mails[0].text).toContain("Carrots is out of stock");
    expect(to(farmer.user)).toEqual([]);
  });
});

describe("unread-message digest", () => {
  // Earlier tests' messages (a standing order's failure notice) are not this test's business.
  beforeEach(() => db.message.updateMany({ data: { isRead: true } }));
  const say = (content: string) =>
    call(messagesRoute.POST, "/api/messages", {
      body: { receiverId: farmer.user.id, content },
      cookie: buyer.cookie,
    });

  it("after 10 minutes unread, one digest per conversation; at most one an hour; none while a stream is open; none once read", async () => {
    expect((await say("Your eggs are ready")).status).toBe(201);
    expect((await say("Pickup is at the red barn")).status).toBe(201);
    const t0 = Date.now();
    expect(await queueUnreadDigests(new Date(t0 + 9 * 60_000))).toBe(0);
    expect(await queueUnreadDigests(new Date(t0 + 11 * 60_000))).toBe(1);
    expect(await queueUnreadDigests(new Date(t0 + 12 * 60_000))).toBe(0);
    await send(new Date(t0 + 12 * 60_000));
    expect(to(farmer.user)).toEqual(["You have 2 unread messages on Fieldfare"]);
    expect(smtp.mails[0].text).toContain(
      "Message from Bea Buyer (a Fieldfare user):\n> Pickup is at the red barn",
    );

    // A later message: still within the hour → nothing; after it → a second digest.
    await db.message.updateMany({ where: { receiverId: farmer.user.id }, data: { isRead: true } });
    expect((await say("One more thing")).status).toBe(201);
    await db.message.updateMany({
      where: { receiverId: farmer.user.id, isRead: false },
      data: { timestamp: new Date(t0 + 20 * 60_000) },
    });
    expect(await queueUnreadDigests(new Date(t0 + 40 * 60_000))).toBe(0);
    // An open stream anywhere (its instance wrote presence) holds the digest back.
    await markPresent([farmer.user.id], new Date(t0 + 70 * 60_000));
    expect(await queueUnreadDigests(new Date(t0 + 70 * 60_000 + 30_000))).toBe(0);
    expect(await queueUnreadDigests(new Date(t0 + 72 * 60_000))).toBe(1);

    // Read before the sender got to it: nothing to say, skipped.
    await db.message.updateMany({ where: { receiverId: farmer.user.id }, data: { isRead: true } });
    expect(await send(new Date(t0 + 73 * 60_000))).toMatchObject({ sent: 0, skipped: 1 });
    expect(smtp.mails).toHaveLength(1);
  });

  it("none when switched off", async () => {
    await db.notificationPreference.create({
      data: { userId: farmer.user.id, kind: "unread_messages", email: false },
    });
    expect((await say("Hello")).status).toBe(201);
    expect(await queueUnreadDigests(new Date(Date.now() + 11 * 60_000))).toBe(0);
  });
});
