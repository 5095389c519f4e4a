import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as prefsRoute from "@/app/api/notification-preferences/route";
import * as unsubscribeRoute from "@/app/api/unsubscribe/[token]/route";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { unsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import { NOTIFICATION_KINDS, PUSH_KINDS } from "@/lib/validators/notifications";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { placeOrder, topUp } from "../wallet/support";
import { smtpPerFile, subjectsTo, type TestSmtp } from "./smtp";

const smtpServer = smtpPerFile();
let smtp: TestSmtp;
let buyer: Awaited<ReturnType<typeof createUserWithSession>>;

beforeEach(async () => {
  smtp = smtpServer();
  buyer = await createUserWithSession({ fullName: "Ada Buyer" });
});

const put = (body: unknown, cookie = buyer.cookie) =>
  call(prefsRoute.PUT, "/api/notification-preferences", { method: "PUT", body, cookie });
const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true]));
// Push is off until a user turns it on (docs/notifications.md, "Push").
const pushOff = Object.fromEntries(PUSH_KINDS.map((k) => [k, false]));
const defaults = { email: allOn, push: pushOff, pushKey: expect.stringMatching(/^B[\w-]{86}$/) };

describe("GET/PUT /api/notification-preferences", () => {
  it("everything is on by default; a PUT changes the kinds it names and answers all switches", async () => {
    const got = await call(prefsRoute.GET, "/api/notification-preferences", {
      cookie: buyer.cookie,
    });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(defaults);
    const res = await put({ email: { order_placed: false, unread_messages: false } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.email).toEqual({ ...allOn, order_placed: false, unread_messages: false });
    expect((await put({ email: { order_placed: true } })).json.email).toEqual({
      ...allOn,
      unread_messages: false,
    });
    // Only the caller's own switches.
    const other = await createUserWithSession();
    expect(
      (await call(prefsRoute.GET, "/api/notification-preferences", { cookie: other.cookie })).json,
    ).toEqual(defaults);
  });

  it("400 for an unknown kind or a value that is not a boolean; 401 signed out", async () => {
    expect((await put({ email: { newsletter: false } })).status).toBe(400);
    const notBool = await put({ email: { order_placed: "no" } });
    expect(notBool.status).toBe(400);
    expect(notBool.json.errors["email.order_placed"]).toBe("Must be true or false");
    expect((await put({ email: allOn, extra: 1 })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await put({ push: { new_order: "yes" } })).status).toBe(400);
    expect((await put({ push: { order_placed: true } })).status).toBe(400);
    expect((await put({ email: { order_placed: false } }, "")).status).toBe(401);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  async function receiptWithHeader() {
    const farm = await createFarm({ farmName: "Green Acres" });
    const p = await createProduct(farm.farm.id, { priceCents: 300 });
    await topUp(buyer.cookie, 20);
    expect((await placeOrder(buyer.cookie, [{ productId: p.id, quantity: 1 }])).status).toBe(201);
    await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) });
    const mail = smtp.mails.find((m) => subjectsTo([m], buyer.user.email).length)!;
    const header = mail.headerLines
      .find((h) => h.key === "list-unsubscribe")!
      .line.replace(/\r\n\s+/g, " ");
    return { farm, product: p, url: new URL(/<([^>]+)>/.exec(header)![1]) };
  }
  const post = (path: string, headers: Record<string, string> = {}, ip = "203.0.113.7") => {
    const token = decodeURIComponent(path.split("/").pop()!);
    return call(unsubscribeRoute.POST, path, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      params: { token },
      ip,
    });
  };

  it("the header's URL, posted signed out and cross-site as a mail client does, switches that kind off; later emails of that kind stop, others go on", async () => {
    const { url, product } = await receiptWithHeader();
    const res = await post(url.pathname, {
      origin: "https://mail.example.com",
      "sec-fetch-site": "cross-site",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ kind: "order_placed", label: "Order receipts", email: false });
    expect((await post(url.pathname)).status).toBe(200); // again: harmless
    expect(
      (await call(prefsRoute.GET, "/api/notification-preferences", { cookie: buyer.cookie })).json
        .email.order_placed,
    ).toBe(false);

    smtp.mails.length = 0;
    expect((await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }])).status).toBe(
      201,
    );
    await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) });
    expect(subjectsTo(smtp.mails, buyer.user.email)).toEqual([]);
    expect(smtp.mails).toHaveLength(1); // the farm's new-order email
  });

  it("GET shows the confirm page (303) and changes nothing", async () => {
    const token = unsubscribeToken(buyer.user.id, "cutoff_reminder");
    const res = await call(unsubscribeRoute.GET, `/api/unsubscribe/${token}`, {
      params: { token },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/unsubscribe/${token}`);
    expect(await db.notificationPreference.count({ where: { userId: buyer.user.id } })).toBe(0);
  });

  it("cannot be forged: a changed signature, user or kind is 404; a malformed token 400; never a 500, nothing written", async () => {
    const good = unsubscribeToken(buyer.user.id, "order_placed");
    const [id, kind, mac] = good.split(".");
    const other = await createUserWithSession();
    const before = await db.notificationPreference.findMany({
      orderBy: [{ userId: "asc" }, { kind: "asc" }],
    });
    const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
    for (const token of [
      `${id}.${kind}.${flipped}`,
      `${other.user.id}.${kind}.${mac}`,
      `${id}.unread_messages.${mac}`,
      `${id}.newsletter.${mac}`,
      `2000000000.${kind}.${mac}`,
    ]) {
      const res = await post(`/api/unsubscribe/${encodeURIComponent(token)}`, {}, "203.0.113.8");
      expect(res.status, token).toBe(404);
      expect(res.json.message).toBe("This unsubscribe link is not valid");
    }
    for (const token of [
      "",
      "abc",
      `${id}.${kind}`,
      `${id}.${kind}.${mac}x`,
      `-1.${kind}.${mac}`,
      `${id}.${kind}.${"💥".repeat(20)}`,
      good.replaceAll(".", "%2E"),
    ]) {
      const res = await post(`/api/unsubscribe/${encodeURIComponent(token)}`, {}, "203.0.113.9");
      expect(res.status, token).toBeGreaterThanOrEqual(400);
      expect(res.status, token).toBeLessThan(500);
    }
    expect(
      await db.notificationPreference.findMany({ orderBy: [{ userId: "asc" }, { kind: "asc" }] }),
    ).toEqual(before);
  });

  it("is throttled per client address (429 with Retry-After)", async () => {
    const token = unsubscribeToken(buyer.user.id, "order_placed");
    let last;
    for (let i = 0; i <= 60; i++)
      last = await post(`/api/unsubscribe/${token}`, {}, "198.51.100.77");
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(`/api/unsubscribe/${token}`, {}, "198.51.100.78")).status).toBe(200);
  });
});
