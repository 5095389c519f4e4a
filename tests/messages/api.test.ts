import { describe, expect, it } from "vitest";
import { call } from "../support/http";
import { createFarm, createFarmerWithSession, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { db } from "@/lib/server/platform/db";
import { sendMessage } from "@/lib/server/messages/send-message";
import * as send from "@/app/api/messages/route";
import * as chats from "@/app/api/messages/chats/route";
import * as conversation from "@/app/api/messages/[userId]/route";
import * as read from "@/app/api/messages/[userId]/read/route";
import * as unread from "@/app/api/messages/unread/route";
import * as suppliers from "@/app/api/suppliers/route";

async function post(cookie: string, body: unknown) {
  return call(send.POST, "/api/messages", { cookie, body });
}
async function open(cookie: string, otherId: number | string, qs = "") {
  return call(conversation.GET, `/api/messages/${otherId}${qs}`, {
    cookie,
    params: { userId: String(otherId) },
  });
}
async function unreadCount(cookie: string) {
  const r = await call(unread.GET, "/api/messages/unread", { cookie });
  expect(r.status).toBe(200);
  return r.json.count as number;
}

describe("POST /api/messages", () => {
  it("stores the message and answers 201 with it", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const r = await post(a.cookie, {
      receiverId: b.user.id,
      content: "  Do you have eggs this week?  ",
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      senderId: a.user.id,
      receiverId: b.user.id,
      content: "Do you have eggs this week?",
      isRead: false,
      clientId: null,
      attachments: [],
    });
    const row = await db.message.findUniqueOrThrow({ where: { id: r.json.id } });
    expect(row.content).toBe("Do you have eggs this week?");
  });

  it("requires a session", async () => {
    const b = await createUserWithSession();
    const before = await db.message.count();
    const r = await call(send.POST, "/api/messages", {
      body: { receiverId: b.user.id, content: "hi" },
    });
    expect(r.status).toBe(401);
    expect(await db.message.count()).toBe(before);
  });

  const cases: [string, (ids: { me: number; other: number }) => unknown, number, RegExp][] = [
    ["empty content", ({ other }) => ({ receiverId: other, content: "" }), 400, /empty/i],
    [
      "whitespace content",
      ({ other }) => ({ receiverId: other, content: " \n\t " }),
      400,
      /empty/i,
    ],
    [
      "2001 characters",
      ({ other }) => ({ receiverId: other, content: "x".repeat(2001) }),
      400,
      /2000/,
    ],
    ["missing content", ({ other }) => ({ receiverId: other }), 400, /empty/i],
    ["non-numeric receiver", () => ({ receiverId: "abc", content: "hi" }), 400, /who/i],
    ["missing receiver", () => ({ content: "hi" }), 400, /who/i],
    ["unknown receiver", () => ({ receiverId: 99_999_999, content: "hi" }), 404, /not found/i],
    [
      "self",
      ({ me }) => ({ receiverId: me, content: "hi" }),
      400,
      /You cannot send a message to yourself/,
    ],
    [
      "bad clientId",
      ({ other }) => ({ receiverId: other, content: "hi", clientId: "no spaces please" }),
      400,
      /clientId/,
    ],
  ];
  it.each(cases)("rejects %s", async (_name, body, status, message) => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const before = await db.message.count();
    const r = await post(a.cookie, body({ me: a.user.id, other: b.user.id }));
    expect(r.status).toBe(status);
    expect(r.json.message).toMatch(message);
    expect(r.text).not.toMatch(/at .*\.ts|prisma|SELECT/i);
    expect(await db.message.count()).toBe(before);
  });

  it("accepts exactly 2000 characters", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const r = await post(a.cookie, { receiverId: b.user.id, content: "y".repeat(2000) });
    expect(r.status).toBe(201);
    expect(r.json.content).toHaveLength(2000);
  });

  it("a retry with the same clientId returns the first message and stores no duplicate", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const body = { receiverId: b.user.id, content: "Two dozen eggs please", clientId: "c-1234" };
    const first = await post(a.cookie, body);
    const again = await post(a.cookie, body);
    const concurrent = await Promise.all([post(a.cookie, body), post(a.cookie, body)]);
    expect(first.status).toBe(201);
    for (const r of [again, ...concurrent]) expect(r.json.id).toBe(first.json.id);
    expect(await db.message.count({ where: { senderId: a.user.id } })).toBe(1);
    // Same clientId for a different message is a client bug: refused, nothing stored.
    const clash = await post(a.cookie, { ...body, content: "something else" });
    expect(clash.status).toBe(409);
    // Another sender may use the same clientId independently.
    const other = await post(b.cookie, {
      receiverId: a.user.id,
      content: "Sure",
      clientId: "c-1234",
    });
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
  });
});

describe("POST /api/messages between people who have talked", () => {
  it.skipIf(!onPostgres)(
    "stores one message for 8 concurrent first sends of one clientId and answers each with it (needs PostgreSQL for real parallelism)",
    async () => {
      const a = await createUserWithSession();
      const b = await createFarmerWithSession();
      expect((await post(a.cookie, { receiverId: b.user.id, content: "Hello" })).status).toBe(201);
      // The domain function itself, 8 at once, on 8 open connections (opening one takes longer than a
      // whole send on another, which would order them instead of racing them).
      await Promise.all(Array.from({ length: 8 }, () => db.$executeRaw`SELECT pg_sleep(0.05)`));
      const input = { receiverId: b.user.id, content: "Ten kilos of carrots", clientId: "race-1" };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => sendMessage(a.user.id, input)),
      );
      expect(new Set(answers.map((m) => m.id)).size).toBe(1);
      expect(await db.message.count({ where: { senderId: a.user.id, clientId: "race-1" } })).toBe(
        1,
      );
      expect(answers[0]).toMatchObject({
        senderId: a.user.id,
        receiverId: b.user.id,
        content: "Ten kilos of carrots",
        clientId: "race-1",
        isRead: false,
        attachments: [],
      });
    },
  );

  it("a shopper the sender is not linked to is the same 404 as a missing id, and nothing is stored", async () => {
    const a = await createUserWithSession();
    const stranger = await createUserWithSession();
    const missing = await post(a.cookie, { receiverId: 2_000_000_000, content: "hi" });
    const unlinked = await post(a.cookie, { receiverId: stranger.user.id, content: "hi" });
    expect([missing.status, unlinked.status]).toEqual([404, 404]);
    expect(unlinked.json).toEqual(missing.json);
    expect(await db.message.count({ where: { senderId: a.user.id } })).toBe(0);
  });
});

describe("GET /api/messages/{userId}", () => {
  it("returns the conversation oldest first, marks received messages read, and updates unread counts", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    await post(a.cookie, { receiverId: b.user.id, content: "one" });
    await post(b.cookie, { receiverId: a.user.id, content: "two" });
    await post(a.cookie, { receiverId: b.user.id, content: "three" });
    expect(await unreadCount(b.cookie)).toBe(2);
    expect(await unreadCount(a.cookie)).toBe(1);

    const r = await open(b.cookie, a.user.id);
    expect(r.status).toBe(200);
    expect(r.json.map((m: { content: string }) => m.content)).toEqual(["one", "two", "three"]);
    expect(
      r.json
        .filter((m: { senderId: number }) => m.senderId === a.user.id)
        .every((m: { isRead: boolean }) => m.isRead),
    ).toBe(true);
    expect(await unreadCount(b.cookie)).toBe(0);
    // B opening the chat does not mark what B sent as read for A.
    expect(await unreadCount(a.cookie)).toBe(1);
    expect((await db.message.findFirstOrThrow({ where: { content: "two" } })).isRead).toBe(false);
  });

  it("400 for a non-numeric id, 404 for an unknown user, 401 signed out", async () => {
    const a = await createUserWithSession();
    expect((await open(a.cookie, "abc")).status).toBe(400);
    expect((await open(a.cookie, "1.5")).status).toBe(400);
    expect((await open(a.cookie, 99_999_999)).status).toBe(404);
    const anon = await call(conversation.GET, "/api/messages/1", { params: { userId: "1" } });
    expect(anon.status).toBe(401);
  });

  it("only the two participants ever see a conversation", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const c = await createUserWithSession();
    await post(a.cookie, { receiverId: b.user.id, content: "secret price list" });
    await post(b.cookie, { receiverId: a.user.id, content: "secret reply" });

    // C asking for the farm B gets only C's own (empty) conversation with it, never A↔B content;
    // A is no farm and nothing links C to A, so that chat does not open at all.
    const withB = await open(c.cookie, b.user.id);
    expect(withB.status).toBe(200);
    expect(withB.json).toEqual([]);
    const withA = await open(c.cookie, a.user.id);
    expect(withA.status).toBe(404);
    for (const r of [withA, withB]) expect(r.text).not.toContain("secret");
    const list = await call(chats.GET, "/api/messages/chats", { cookie: c.cookie });
    expect(list.json).toEqual([]);
    expect(await unreadCount(c.cookie)).toBe(0);
    // C marking "read" for A (no link) is refused and touches nothing of A↔B; for the farm B it marks nothing.
    const mark = await call(read.POST, `/api/messages/${a.user.id}/read`, {
      cookie: c.cookie,
      params: { userId: String(a.user.id) },
    });
    expect(mark.status).toBe(404);
    const markB = await call(read.POST, `/api/messages/${b.user.id}/read`, {
      cookie: c.cookie,
      params: { userId: String(b.user.id) },
    });
    expect(markB.json).toEqual({ marked: 0 });
    expect(await unreadCount(b.cookie)).toBe(1);
  });

  it("pages backwards with ?before=<id>&limit=", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    await db.message.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        senderId: i % 2 ? a.user.id : b.user.id,
        receiverId: i % 2 ? b.user.id : a.user.id,
        content: `m${i}`,
      })),
    });
    const first = await open(a.cookie, b.user.id);
    expect(first.json).toHaveLength(50);
    expect(first.json[0].content).toBe("m70");
    expect(first.json[49].content).toBe("m119");
    const second = await open(a.cookie, b.user.id, `?before=${first.json[0].id}&limit=50`);
    expect(second.json.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${20 + i}`),
    );
    const third = await open(a.cookie, b.user.id, `?before=${second.json[0].id}&limit=50`);
    expect(third.json).toHaveLength(20);
    expect(third.json[0].content).toBe("m0");
    const none = await open(a.cookie, b.user.id, `?before=${third.json[0].id}`);
    expect(none.json).toEqual([]);
    expect((await open(a.cookie, b.user.id, "?limit=0")).status).toBe(400);
    expect((await open(a.cookie, b.user.id, "?before=x")).status).toBe(400);
  });
});

describe("GET /api/messages/chats", () => {
  it("one row per person, newest conversation first, with last message and unread count", async () => {
    // "me" is a farm, so shoppers may write first; me writes first to the farm X.
    const me = await createFarmerWithSession();
    const x = await createFarmerWithSession({ location: "Vine Lane, Lake Country, BC" });
    await db.user.update({ where: { id: x.user.id }, data: { fullName: "Xavier Vine" } });
    const y = await createUserWithSession({ fullName: "Yolanda Dairy" });
    const z = await createUserWithSession({ fullName: "Zed Greens" });
    await post(me.cookie, { receiverId: x.user.id, content: "hi X" });
    await post(y.cookie, { receiverId: me.user.id, content: "hi from Y" });
    await post(z.cookie, { receiverId: me.user.id, content: "Z1" });
    await post(z.cookie, { receiverId: me.user.id, content: "Z2" });
    await post(x.cookie, { receiverId: me.user.id, content: "X replies" });

    const r = await call(chats.GET, "/api/messages/chats", { cookie: me.cookie });
    expect(r.status).toBe(200);
    expect(
      r.json.map(
        (c: {
          user: { fullName: string };
          lastMessage: { content: string };
          unreadCount: number;
        }) => [c.user.fullName, c.lastMessage.content, c.unreadCount],
      ),
    ).toEqual([
      ["Xavier Vine", "X replies", 1],
      ["Zed Greens", "Z2", 2],
      ["Yolanda Dairy", "hi from Y", 1],
    ]);
    // Other users appear in their public shape only.
    expect(Object.keys(r.json[0].user).sort()).toEqual([
      "farmName",
      "fullName",
      "id",
      "label",
      "profileImage",
      "userType",
      "verified",
    ]);
    expect(r.json.map((c: { user: { label: string } }) => c.user.label)).toEqual([
      "Vine Lane, Lake Country, BC",
      "Restaurant",
      "Restaurant",
    ]);
    expect(r.text).not.toMatch(/passwordHash|@example\.test|Farm Rd/);
    // Chats with a farm are named by the farm; nobody else has one.
    const farmOfX = await db.farm.findFirstOrThrow({ where: { userId: x.user.id } });
    expect(r.json.map((c: { user: { farmName: string | null } }) => c.user.farmName)).toEqual([
      farmOfX.farmName,
      null,
      null,
    ]);

    await open(me.cookie, z.user.id);
    const after = await call(chats.GET, "/api/messages/chats", { cookie: me.cookie });
    expect(after.json[1]).toMatchObject({ unreadCount: 0, user: { id: z.user.id } });
    expect(await unreadCount(me.cookie)).toBe(2);
  });

  it("the last message is the conversation's own JSON, attachments included", async () => {
    const me = await createUserWithSession();
    const farm = await createFarmerWithSession();
    await post(me.cookie, { receiverId: farm.user.id, content: "first" });
    const last = await post(farm.cookie, { receiverId: me.user.id, content: "photos of the beds" });
    await db.messageAttachment.createMany({
      data: [
        { messageId: last.json.id, url: "/uploads/b.webp" },
        { messageId: last.json.id, url: "/uploads/a.webp" },
      ],
    });
    const list = await call(chats.GET, "/api/messages/chats", { cookie: me.cookie });
    const conversation = await open(me.cookie, farm.user.id);
    expect(list.json[0].lastMessage.attachments).toEqual(["/uploads/b.webp", "/uploads/a.webp"]);
    expect(JSON.stringify(list.json[0].lastMessage)).toBe(
      JSON.stringify({ ...conversation.json.at(-1), isRead: false }),
    );
  });

  it("401 when signed out", async () => {
    expect((await call(chats.GET, "/api/messages/chats")).status).toBe(401);
    expect((await call(unread.GET, "/api/messages/unread")).status).toBe(401);
  });
});

describe("GET /api/suppliers", () => {
  it("lists farmers filtered by name, verified first, with a status text", async () => {
    const me = await createUserWithSession();
    const { owner: green } = await createFarm({
      farmName: "Green Acres",
      location: "Lake Country, BC",
    });
    const { owner: sun } = await createFarm({
      farmName: "Sunrise Orchard",
      location: "Rutland, BC",
    });
    await db.user.update({
      where: { id: sun.id },
      data: { verified: true, fullName: "Sunny Hill" },
    });
    await db.user.update({ where: { id: green.id }, data: { fullName: "Greta Field" } });
    await createUserWithSession({ fullName: "Greta Shopper" }); // not a supplier

    const all = await call(suppliers.GET, "/api/suppliers", { cookie: me.cookie });
    expect(all.status).toBe(200);
    // Other tests of this file add farms of their own (named after G): verified first, then by name.
    const names: string[] = all.json.map((s: { user: { fullName: string } }) => s.user.fullName);
    expect(names.slice(0, 2)).toEqual(["Sunny Hill", "Greta Field"]);
    expect(names.filter((n) => n === "Sunny Hill" || n === "Greta Field")).toHaveLength(2);
    expect(
      all.json.every((s: { user: { userType: string } }) => s.user.userType === "farmer"),
    ).toBe(true);
    expect(all.json[0]).toEqual({
      user: expect.objectContaining({ id: sun.id, verified: true, userType: "farmer" }),
      status: "Sunrise Orchard · Rutland, BC",
    });

    const byName = await call(suppliers.GET, "/api/suppliers?q=greta", { cookie: me.cookie });
    expect(byName.json.map((s: { user: { id: number } }) => s.user.id)).toEqual([green.id]);
    const byFarm = await call(suppliers.GET, "/api/suppliers?q=ORCHARD", { cookie: me.cookie });
    expect(byFarm.json.map((s: { user: { id: number } }) => s.user.id)).toEqual([sun.id]);
    const none = await call(suppliers.GET, "/api/suppliers?q=zzzz", { cookie: me.cookie });
    expect(none.json).toEqual([]);
    // LIKE wildcards in the query are plain characters: "%" and "_" match no name here.
    for (const q of ["%", "_", "%25", "Gr_ta", "\\"]) {
      const wild = await call(suppliers.GET, `/api/suppliers?q=${encodeURIComponent(q)}`, {
        cookie: me.cookie,
      });
      expect(wild.status, q).toBe(200);
      expect(wild.json, q).toEqual([]);
    }
    expect((await call(suppliers.GET, "/api/suppliers")).status).toBe(401);
  });
});
