import { beforeEach, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { db } from "@/lib/server/platform/db";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import {
  dueSheetDate,
  freshSheetReaders,
  queueFreshSheets,
} from "@/lib/server/notifications/fresh-sheets";
import {
  checkSheetLink,
  signSheetLink,
  verifySheetLink,
} from "@/lib/server/notifications/sheet-links";
import { GET as linkGET } from "@/app/(app)/fresh-sheet-link/[token]/route";
import { GET as switchesGET } from "@/app/api/fresh-sheets/route";
import { PUT as switchPUT } from "@/app/api/fresh-sheets/[farmId]/route";
import { PATCH as myFarmPATCH } from "@/app/api/my-farm/route";
import { POST as testPOST } from "@/app/api/my-farm/fresh-sheet/test/route";
import { call } from "../support/http";
import {
  createFarm,
  createProduct,
  createUser,
  createUserWithSession,
  sessionCookie,
} from "../support/factories";
import { onPostgres } from "../support/pg";
import { checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { smtpPerFile } from "./smtp";

checkLedgerAfterEach();
const smtpServer = smtpPerFile();
// Two workers at once need PostgreSQL: PGlite is one connection and serialises every statement.
const pg = it.skipIf(!onPostgres);

/**
 * A wall-clock time in the farm's zone. Built from the zone data rather than written in UTC: BC
 * keeps daylight time all year from November 2026 in newer tz data, older data says PST.
 */
const inVancouver = (local: string) =>
  DateTime.fromISO(local, { zone: "America/Vancouver" }).toJSDate();

/** Thursday 26 November 2026, 07:30 in Vancouver. */
const THURSDAY_0730 = inVancouver("2026-11-26T07:30");

let farm: Awaited<ReturnType<typeof createFarm>>;

beforeEach(async () => {
  await db.notification.deleteMany();
  // Only this test's farm sends: the farms of earlier tests stay in the file's database.
  await db.farm.updateMany({ data: { freshSheetWeekday: null } });
  farm = await createFarm({ farmName: "Sheet Acres" });
  await db.farm.update({
    where: { id: farm.farm.id },
    data: { freshSheetWeekday: 4, freshSheetHour: 7 },
  });
});

const follow = (userId: number, farmId = farm.farm.id) =>
  db.farmFollow.create({ data: { userId, farmId } });
const creditLine = (buyerId: number) =>
  db.creditLine.create({ data: { farmId: farm.farm.id, buyerId, limitCents: 10_000 } });

describe("when the sheet is due", () => {
  const f = { timeZone: "America/Vancouver", freshSheetWeekday: 4, freshSheetHour: 7 };
  it("is due from the farm's day and hour, in its zone, for a day; never when off", () => {
    expect(dueSheetDate(f, inVancouver("2026-11-26T06:59"))).toBeNull(); // 06:59 Thursday
    expect(dueSheetDate(f, inVancouver("2026-11-26T07:00"))).toBe("2026-11-26");
    expect(dueSheetDate(f, THURSDAY_0730)).toBe("2026-11-26");
    expect(dueSheetDate(f, inVancouver("2026-11-27T06:59"))).toBe("2026-11-26"); // Fri 06:59
    expect(dueSheetDate(f, inVancouver("2026-11-27T07:00"))).toBeNull(); // a day late: missed
    expect(dueSheetDate(f, inVancouver("2026-12-03T08:00"))).toBe("2026-12-03");
    expect(dueSheetDate({ ...f, freshSheetWeekday: null }, THURSDAY_0730)).toBeNull();
    // Same instant, another zone: 10:30 Thursday in Toronto, due since 07:00 there.
    expect(dueSheetDate({ ...f, timeZone: "America/Toronto" }, THURSDAY_0730)).toBe("2026-11-26");
  });
});

describe("readers", () => {
  it("are the farm's restaurant customers and its followers, less those who switched it off", async () => {
    const chefCredit = await createUser({ userType: "restaurant" });
    await creditLine(chefCredit.id);
    const chefFollow = await createUser({ userType: "restaurant" });
    await follow(chefFollow.id);
    const shopperFollow = await createUser();
    await follow(shopperFollow.id);
    // A shopper who bought here but does not follow: not a restaurant customer.
    const shopperBought = await createUserWithSession();
    const carrots = await createProduct(farm.farm.id, { stock: 100 });
    await topUp(shopperBought.cookie, 50);
    expect(
      (await placeOrder(shopperBought.cookie, [{ productId: carrots.id, quantity: 1 }])).status,
    ).toBe(201);
    // Switched this farm off; switched every fresh sheet off; follows another farm; the owner.
    const farmOff = await createUser({ userType: "restaurant" });
    await follow(farmOff.id);
    await db.freshSheetPreference.create({
      data: { userId: farmOff.id, farmId: farm.farm.id, email: false },
    });
    const kindOff = await createUser({ userType: "restaurant" });
    await creditLine(kindOff.id);
    await db.notificationPreference.create({
      data: { userId: kindOff.id, kind: "fresh_sheet", email: false },
    });
    const other = await createFarm();
    const elsewhere = await createUser();
    await follow(elsewhere.id, other.farm.id);
    await follow(farm.owner.id);
    // Following and buying: one reader, once.
    await follow(chefCredit.id);

    expect(await freshSheetReaders(farm.farm.id)).toEqual(
      [chefCredit.id, chefFollow.id, shopperFollow.id].sort((a, b) => a - b),
    );
  });

  it("are queued once a week: a second round, or a later one the same day, queues nothing", async () => {
    const a = await createUser();
    const b = await createUser({ userType: "restaurant" });
    await follow(a.id);
    await creditLine(b.id);
    expect(await queueFreshSheets(inVancouver("2026-11-26T06:00"))).toBe(0); // before 07:00
    expect(await queueFreshSheets(THURSDAY_0730)).toBe(2);
    expect(await queueFreshSheets(inVancouver("2026-11-26T12:00"))).toBe(0);
    const rows = await db.notification.findMany({
      where: { kind: "fresh_sheet" },
      orderBy: { userId: "asc" },
    });
    expect(rows.map((r) => [r.userId, r.dedupeKey, r.payload])).toEqual(
      [a, b].map((u) => [
        u.id,
        `fresh_sheet:${farm.farm.id}:2026-11-26:${u.id}`,
        { farmId: farm.farm.id, localDate: "2026-11-26" },
      ]),
    );
    // The next Thursday is a new week.
    expect(await queueFreshSheets(inVancouver("2026-12-03T07:30"))).toBe(2);
  });

  pg("two workers at once queue each reader's sheet once (PostgreSQL)", async () => {
    const readers = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    for (const r of readers) await follow(r.id);
    const results = await Promise.all([
      queueFreshSheets(THURSDAY_0730),
      queueFreshSheets(THURSDAY_0730),
      queueFreshSheets(THURSDAY_0730),
    ]);
    expect(results.reduce((s, n) => s + n, 0)).toBe(12);
    expect(results.filter((n) => n > 0)).toEqual([12]); // one worker claimed the week
    expect(await db.notification.count({ where: { kind: "fresh_sheet" } })).toBe(12);
    expect(
      (await db.farm.findUniqueOrThrow({ where: { id: farm.farm.id } })).freshSheetQueuedFor,
    ).toBe("2026-11-26");
  });
});

describe("signed links", () => {
  const now = new Date("2026-11-26T16:00:00Z");
  it("carry the reader, the product, the quantity and the action, for 7 days", () => {
    const { token, expiresAt } = signSheetLink(
      { userId: 7, productId: 42, quantity: 6, action: "standing" },
      now,
    );
    expect(expiresAt.toISOString()).toBe("2026-12-03T16:00:00.000Z");
    expect(verifySheetLink(token, now)).toEqual({
      ok: true,
      link: { userId: 7, productId: 42, quantity: 6, action: "standing", expiresAt },
    });
    expect(checkSheetLink(token, 7, now).ok).toBe(true);
    expect(checkSheetLink(token, null, now)).toEqual({ ok: "sign_in" });
    expect(checkSheetLink(token, 8, now)).toEqual({ ok: false, reason: "other_user" });
  });

  it("refuse forged, altered and expired tokens", () => {
    const { token } = signSheetLink({ userId: 7, productId: 42, quantity: 6, action: "cart" }, now);
    const parts = token.split(".");
    const forged = [...parts.slice(0, 5), "A".repeat(43)].join(".");
    const moreUnits = [parts[0], parts[1], "600", ...parts.slice(3)].join(".");
    const otherUser = ["8", ...parts.slice(1)].join(".");
    const longer = [...parts.slice(0, 4), String(Number(parts[4]) + 86_400), parts[5]].join(".");
    for (const t of [forged, moreUnits, otherUser, longer, "", "junk", token + "x"])
      expect(verifySheetLink(t, now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifySheetLink(token, new Date("2026-12-03T16:00:00Z"))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("open for their reader; anyone else gets a clear page with its status, never JSON", async () => {
    const chef = await createUserWithSession({ userType: "restaurant" });
    const someoneElse = await createUserWithSession();
    const kale = await createProduct(farm.farm.id, { name: "Kale" });
    const { token } = signSheetLink({
      userId: chef.user.id,
      productId: kale.id,
      quantity: 1,
      action: "standing",
    });
    const open = (t: string, cookie?: string) =>
      call(linkGET as never, `/fresh-sheet-link/${t}`, { params: { token: t }, cookie });

    const signedOut = await open(token);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe(
      `/auth?next=${encodeURIComponent(`/fresh-sheet-link/${token}`)}`,
    );
    const own = await open(token, chef.cookie);
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe(`/fresh-sheet-link/${token}/add`);

    const refused = async (t: string, cookie: string, status: number, title: string) => {
      const res = await open(t, cookie);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.text).toContain(`<h1 style="margin:0 0 .5rem;font-size:1.25rem">${title}</h1>`);
      expect(res.json).toBeUndefined();
    };
    await refused(token, someoneElse.cookie, 403, "This link was sent to someone else");
    const forged = token.replace(/\.[\w-]{43}$/, "." + "B".repeat(43));
    await refused(forged, chef.cookie, 404, "This link is not valid");
    const old = signSheetLink(
      { userId: chef.user.id, productId: kale.id, quantity: 1, action: "cart" },
      new Date(Date.now() - 8 * 24 * 60 * 60_000),
    ).token;
    await refused(old, chef.cookie, 410, "This link has expired");
    await db.product.update({ where: { id: kale.id }, data: { isHidden: true } });
    await refused(token, chef.cookie, 404, "This product is no longer available");
  });
});

describe("the email, read from the SMTP server", () => {
  it("shows each reader their own prices and case, with signed links and one-click unsubscribe", async () => {
    const smtp = smtpServer();
    const chef = await createUser({ userType: "restaurant", fullName: "Chef Reader" });
    const shopper = await createUser({ fullName: "Shopper Reader" });
    await follow(chef.id);
    await follow(shopper.id);
    const greens = await createProduct(farm.farm.id, { name: "Salad Greens", priceCents: 500 });
    await db.product.update({
      where: { id: greens.id },
      data: { restaurantPriceCents: 400, caseSize: 6 },
    });
    // Nothing free to sell (all held for a standing order): not on the sheet.
    await createProduct(farm.farm.id, { name: "Sold Out Beets", stock: 0, inStock: false });

    expect(await queueFreshSheets(THURSDAY_0730)).toBe(2);
    expect(
      await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) }),
    ).toMatchObject({ sent: 2, failed: 0 });
    const mailTo = (email: string) =>
      smtp.mails.find((m) => m.to && JSON.stringify(m.to).includes(email))!;

    const toChef = mailTo(chef.email);
    expect(toChef.subject).toBe("This week's fresh sheet: 1 product available");
    expect(toChef.text).toContain("Salad Greens (case of 6 lb): $4.00 / lb");
    expect(toChef.text).toContain("at your restaurant prices");
    expect(toChef.text).toContain("Sheet Acres");
    expect(toChef.text).not.toContain("Beets");
    expect(toChef.html).toContain("Add to my standing order");
    const links = [...toChef.text!.matchAll(/(Add to cart|Add to my standing order): (\S+)/g)];
    expect(links.map((l) => l[1])).toEqual(["Add to cart", "Add to my standing order"]);
    for (const [, label, url] of links) {
      const token = url.replace(/^http:\/\/localhost:3000\/fresh-sheet-link\//, "");
      expect(verifySheetLink(token)).toMatchObject({
        ok: true,
        link: {
          userId: chef.id,
          productId: greens.id,
          quantity: 6,
          action: label === "Add to cart" ? "cart" : "standing",
        },
      });
    }

    const toShopper = mailTo(shopper.email);
    expect(toShopper.text).toContain("Salad Greens: $5.00 / lb");
    expect(toShopper.text).not.toContain("$4.00");
    expect(toShopper.text).toContain("Add to cart");
    expect(toShopper.html).not.toContain("Add to my standing order");
    const cart = /Add to cart: (\S+)/.exec(toShopper.text!)![1].split("/").pop()!;
    expect(verifySheetLink(cart)).toMatchObject({
      ok: true,
      link: { userId: shopper.id, quantity: 1, action: "cart" },
    });

    for (const m of [toChef, toShopper]) {
      const header = m.headerLines.find((h) => h.key === "list-unsubscribe")?.line;
      expect(header).toMatch(/\/api\/unsubscribe\/\d+\.fresh_sheet\.[\w-]{43}>$/);
      expect(m.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);
    }
  });

  it("is not sent when the reader switched the farm off after it was queued", async () => {
    const smtp = smtpServer();
    const reader = await createUser();
    await follow(reader.id);
    await createProduct(farm.farm.id, { name: "Radishes" });
    expect(await queueFreshSheets(THURSDAY_0730)).toBe(1);
    await db.freshSheetPreference.create({
      data: { userId: reader.id, farmId: farm.farm.id, email: false },
    });
    expect(
      await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) }),
    ).toMatchObject({ sent: 0, skipped: 1 });
    expect(smtp.mails).toHaveLength(0);
  });
});

describe("Send me a test", () => {
  it("sends this week's sheet to the farmer alone, whatever the day; 409 with nothing in stock; 5 an hour", async () => {
    const smtp = smtpServer();
    const follower = await createUser();
    await follow(follower.id);
    const cookie = await sessionCookie(farm.owner.id);
    const send = () => call(testPOST, "/api/my-farm/fresh-sheet/test", { method: "POST", cookie });

    const empty = await send();
    expect([empty.status, empty.json.code]).toEqual([409, "conflict"]);
    expect(empty.json.message).toMatch(/Nothing is in stock/);

    await createProduct(farm.farm.id, { name: "Test Radishes", priceCents: 350 });
    // Off schedule: a test goes out all the same.
    await db.farm.update({ where: { id: farm.farm.id }, data: { freshSheetWeekday: null } });
    const res = await send();
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({ sentTo: farm.owner.email });
    expect(
      await sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) }),
    ).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.mails).toHaveLength(1);
    expect(JSON.stringify(smtp.mails[0].to)).toContain(farm.owner.email);
    expect(smtp.mails[0].subject).toBe("Test: This week's fresh sheet: 1 product available");
    expect(smtp.mails[0].text).toContain("Test Radishes: $3.50");

    // 2 sent so far (the 409 counted too); 3 more, then 429.
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(202);
    const limited = await send();
    expect([limited.status, limited.json.code]).toEqual([429, "rate_limited"]);
    expect(await db.notification.count({ where: { userId: follower.id } })).toBe(0);
  });

  it("is the farm's own: a shopper is refused", async () => {
    const shopper = await createUserWithSession();
    const res = await call(testPOST, "/api/my-farm/fresh-sheet/test", {
      method: "POST",
      cookie: shopper.cookie,
    });
    expect(res.status).toBe(403);
  });
});

describe("settings", () => {
  it("the farm sets its day and hour, or turns the sheet off", async () => {
    const cookie = await sessionCookie(farm.owner.id);
    const base = { farmName: "Sheet Acres", description: "", location: "Kelowna, BC" };
    const patch = (body: unknown) =>
      call(myFarmPATCH as never, "/api/my-farm", { method: "PATCH", body, cookie });
    const set = await patch({ ...base, freshSheet: { weekday: 2, hour: 16 } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.freshSheet).toEqual({ weekday: 2, hour: 16 });
    expect((await patch(base)).json.freshSheet).toEqual({ weekday: 2, hour: 16 }); // absent: kept
    expect((await patch({ ...base, freshSheet: null })).json.freshSheet).toBeNull();
    for (const bad of [
      { weekday: 7, hour: 7 },
      { weekday: 1, hour: 24 },
      { weekday: 1 },
      "thu",
      { weekday: 1.5, hour: 7 },
    ]) {
      const res = await patch({ ...base, freshSheet: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("a reader lists the farms they follow or buy from and switches each one", async () => {
    const chef = await createUserWithSession({ userType: "restaurant" });
    await follow(chef.user.id);
    const other = await createFarm({ farmName: "Credit Farm" });
    await db.creditLine.create({
      data: { farmId: other.farm.id, buyerId: chef.user.id, limitCents: 1 },
    });
    const list = await call(switchesGET as never, "/api/fresh-sheets", { cookie: chef.cookie });
    expect(list.json).toEqual([
      { farmId: other.farm.id, farmName: "Credit Farm", email: true, sends: false },
      { farmId: farm.farm.id, farmName: "Sheet Acres", email: true, sends: true },
    ]);
    const off = await call(switchPUT as never, `/api/fresh-sheets/${farm.farm.id}`, {
      method: "PUT",
      params: { farmId: String(farm.farm.id) },
      body: { email: false },
      cookie: chef.cookie,
    });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ farmId: farm.farm.id, email: false });
    expect(await freshSheetReaders(farm.farm.id)).not.toContain(chef.user.id);
    const missing = await call(switchPUT as never, "/api/fresh-sheets/999999", {
      method: "PUT",
      params: { farmId: "999999" },
      body: { email: false },
      cookie: chef.cookie,
    });
    expect(missing.status).toBe(404);
  });
});
