import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { closeListener, listenerConnected } from "@/lib/server/platform/notify";
import { loadMessage } from "@/lib/server/messages/serialize";
import { subscribe } from "@/lib/server/realtime/bus";
import {
  messageIdOf,
  MAX_ATTEMPTS,
  retryDelayMs,
  sendDueNotifications,
} from "@/lib/server/emails/sender";
import { cancelOrder } from "../support/orders";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { subjectsTo, smtpPerFile, type TestSmtp } from "./smtp";

checkLedgerAfterEach();
afterAll(() => closeListener());

/** On PostgreSQL the live event travels through LISTEN/NOTIFY: wait until this process listens. */
async function waitForListener() {
  while (!listenerConnected()) await new Promise((r) => setTimeout(r, 20));
}

const smtpServer = smtpPerFile();
let smtp: TestSmtp;

let buyer: Awaited<ReturnType<typeof createUserWithSession>>;
let farm: Awaited<ReturnType<typeof createFarm>>;
let carrots: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  smtp = smtpServer();
  await db.notification.deleteMany();
  buyer = await createUserWithSession({ fullName: "Ada Buyer" });
  farm = await createFarm({ farmName: "Green Acres" });
  carrots = await createProduct(farm.farm.id, { name: "Carrots", priceCents: 300, stock: 500 });
  await topUp(buyer.cookie, 100);
});

async function order(quantity = 2) {
  const res = await placeOrder(buyer.cookie, [{ productId: carrots.id, quantity }]);
  expect(res.status, res.text).toBe(201);
  return res.json.orders[0] as { id: number };
}

const send = (now = new Date(), mailer = smtp.mailer()) => sendDueNotifications({ mailer, now });

describe("order placed", () => {
  it("sends the buyer one receipt with the PDF and the farm one new-order email, with one-click unsubscribe and a stable Message-ID", async () => {
    const o = await order();
    const sentAt = new Date(Date.now() + 1000);
    expect(await send(sentAt)).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    expect(subjectsTo(smtp.mails, buyer.user.email)).toEqual([`Your Fieldfare order #${o.id}`]);
    expect(subjectsTo(smtp.mails, farm.owner.email)).toEqual([`New order #${o.id}`]);

    const receipt = smtp.mails.find((m) => m.subject?.startsWith("Your Fieldfare order"))!;
    expect(receipt.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`fieldfare-order-${o.id}-receipt.pdf`, "application/pdf"],
    ]);
    expect(receipt.attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(receipt.text).toContain("Carrots × 2 lb: $6.00");
    expect(receipt.html).toContain("Carrots × 2 lb");
    expect(receipt.html).toContain("http://localhost:3000/orders");
    const header = (name: string) =>
      receipt.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\/\d+\.order_placed\.[\w-]{43}>$/,
    );
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    const row = await db.notification.findUniqueOrThrow({
      where: { dedupeKey: `order_placed:${o.id}` },
    });
    expect(receipt.messageId).toBe(messageIdOf(row));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt });

    // Nothing is sent twice.
    expect(await send()).toMatchObject({ sent: 0 });
    expect(smtp.mails).toHaveLength(2);
  });

  it("no email for a kind the recipient switched off (before or after the event), yet their open screens still hear of it live", async () => {
    await db.notificationPreference.create({
      data: { userId: buyer.user.id, kind: "order_placed", email: false },
    });
    const o = await order();
    await db.notificationPreference.create({
      data: { userId: farm.owner.id, kind: "order_received", email: false },
    });
    const heard = new Promise((resolve) => {
      const off = subscribe(
        farm.owner.id,
        (event) => {
          off();
          resolve(event);
        },
        loadMessage,
      );
    });
    if (onPostgres) await waitForListener();
    expect(await send()).toMatchObject({ sent: 0, skipped: 2 });
    expect(smtp.mails).toHaveLength(0);
    expect(
      await db.notification.findUniqueOrThrow({ where: { dedupeKey: `order_received:${o.id}` } }),
    ).toMatchObject({ status: "skipped" });
    expect(await heard).toEqual({ type: "notification", kind: "order_received" });
  });

  it("a refused checkout queues nothing", async () => {
    const res = await placeOrder(buyer.cookie, [{ productId: carrots.id, quantity: 400 }]);
    expect(res.status).toBe(409);
    expect(await db.notification.count()).toBe(0);
  });
});

describe("order cancelled", () => {
  it("tells the buyer (refund) and the farm, one email each", async () => {
    const o = await order();
    await send();
    smtp.mails.length = 0;
    const res = await cancelOrder(buyer.cookie, o.id);
    expect(res.status, res.text).toBe(200);
    await send();
    expect(subjectsTo(smtp.mails, buyer.user.email)).toEqual([`Order #${o.id} was cancelled`]);
    expect(subjectsTo(smtp.mails, farm.owner.email)).toEqual([`Order #${o.id} was cancelled`]);
    expect(
      smtp.mails.find((m) => m.to && [m.to].flat()[0].value[0].address === buyer.user.email)!.text,
    ).toContain("$6.00 is back in your wallet");
  });
});

describe("an SMTP outage", () => {
  it("loses nothing and sends nothing twice: refused (451), then unreachable, then back — driven by the sender's clock", async () => {
    for (let i = 0; i < 3; i++) await order(1);
    const t0 = new Date(Date.now() + 1000);
    smtp.refuse = true;
    expect(await send(t0)).toMatchObject({ sent: 0, retried: 6 });
    const pending = await db.notification.findMany();
    expect(
      pending.every(
        (n) =>
          n.status === "pending" &&
          n.attempts === 1 &&
          n.lastError &&
          n.nextAttemptAt.getTime() === t0.getTime() + retryDelayMs(1),
      ),
    ).toBe(true);
    // Not due yet: nothing is tried.
    expect(await send(new Date(t0.getTime() + 1000))).toMatchObject({ sent: 0, retried: 0 });

    // The server goes away entirely.
    await smtp.stop();
    const t1 = new Date(t0.getTime() + retryDelayMs(1));
    expect(await send(t1)).toMatchObject({ sent: 0, retried: 6 });
    expect(
      (await db.notification.findMany()).every(
        (n) => n.attempts === 2 && n.nextAttemptAt.getTime() === t1.getTime() + retryDelayMs(2),
      ),
    ).toBe(true);

    // Back a minute later.
    await smtp.start();
    smtp.refuse = false;
    expect(await send(new Date(t1.getTime() + retryDelayMs(2)))).toMatchObject({
      sent: 6,
      retried: 0,
    });
    expect(smtp.mails).toHaveLength(6);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(6);
    expect(await send(new Date(t1.getTime() + 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(smtp.mails).toHaveLength(6);
  });

  it("gives up after MAX_ATTEMPTS and says why", async () => {
    await order(1);
    smtp.refuse = true;
    let now = new Date(Date.now() + 1000);
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await send(now);
      now = new Date(now.getTime() + retryDelayMs(i));
    }
    const rows = await db.notification.findMany();
    expect(rows.map((n) => [n.status, n.attempts])).toEqual([
      ["failed", MAX_ATTEMPTS],
      ["failed", MAX_ATTEMPTS],
    ]);
    expect(rows[0].lastError).toMatch(/451/);
  });

  it("a sender that died after the server accepted: the lease runs out and the email is sent again with the same Message-ID", async () => {
    const o = await order(1);
    const t0 = new Date(Date.now() + 1000);
    // The first sender hands the emails over, then "crashes" before marking them sent.
    const accepted = smtp.mailer();
    const crashing = {
      ...accepted,
      describe: "crashing",
      send: async (m: Parameters<typeof accepted.send>[0]) => (
        await accepted.send(m),
        Promise.reject(new Error("unreachable"))
      ),
    };
    await db.$executeRaw`UPDATE "Notification" SET "status" = 'sending', "attempts" = 1, "nextAttemptAt" = ${new Date(t0.getTime() + 5 * 60_000)}`;
    for (const n of await db.notification.findMany())
      await crashing
        .send({
          to: "x@example.test",
          from: "a@example.test",
          subject: n.kind,
          messageId: messageIdOf(n),
          text: ".",
        })
        .catch(() => undefined);
    expect(smtp.mails).toHaveLength(2);
    // While the lease holds, nobody else sends them.
    expect(await send(new Date(t0.getTime() + 60_000))).toMatchObject({ sent: 0 });
    // After it, they go again, recognisably the same emails.
    expect(await send(new Date(t0.getTime() + 5 * 60_000))).toMatchObject({ sent: 2 });
    expect(smtp.mails).toHaveLength(4);
    const ids = smtp.mails.map((m) => m.messageId);
    expect(ids.slice(2).sort()).toEqual(ids.slice(0, 2).sort());
    expect(
      await db.notification.findUniqueOrThrow({ where: { dedupeKey: `order_placed:${o.id}` } }),
    ).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("two senders (SKIP LOCKED)", () => {
  // Skipped on PGlite: one connection serialises every transaction, so there is no race to show.
  it.skipIf(!onPostgres)(
    "race for 60 notifications: each is sent exactly once (PostgreSQL only; skipped on PGlite, where one connection serialises every transaction)",
    async () => {
      for (let i = 0; i < 30; i++) await order(1);
      const now = new Date(Date.now() + 1000);
      const [a, b] = await Promise.all([
        sendDueNotifications({ mailer: smtp.mailer(), now, batch: 5 }),
        sendDueNotifications({ mailer: smtp.mailer(), now, batch: 5 }),
      ]);
      expect(a.sent + b.sent).toBe(60);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(smtp.mails).toHaveLength(60);
      expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(60);
    },
  );
});
