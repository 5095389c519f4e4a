import { afterEach, describe, expect, it } from "vitest";
import { db, setDirectReads } from "@/lib/server/platform/db";
import { seed } from "@/prisma/seed";
import { listOrders } from "@/lib/server/orders/list-orders";
import { listChats } from "@/lib/server/messages/chats";
import { getConversation } from "@/lib/server/messages/conversation";
import { loadMessage } from "@/lib/server/messages/serialize";
import { countUnread } from "@/lib/server/messages/unread";
import { searchProducts } from "@/lib/server/catalog/products";
import { getWallet } from "@/lib/server/wallet/get-wallet";
import { recommendFarms, recommendProducts } from "@/lib/server/catalog/recommend";
import { decodeTimeCursor } from "@/lib/validators/page";
import { itOnPostgres } from "../support/races";

/**
 * The hot reads (lib/server/platform/db.ts, readRows) answer the same through pg's prepared statements as
 * through Prisma's $queryRaw: every column type they return (timestamps as UTC instants, arrays,
 * json, enums cast to text, counts) reads alike, on the demo data with its orders, slots, chats,
 * attachments and an adjustment card. On PGlite both are Prisma's path, so there is nothing to
 * compare.
 */
// A server far from UTC: pg would read a `timestamp` as local time; Prisma reads it as UTC.
process.env.TZ = "America/Vancouver";

afterEach(() => setDirectReads(true));

async function bothWays<T>(read: () => Promise<T>): Promise<[T, T]> {
  setDirectReads(true);
  const direct = await read();
  setDirectReads(false);
  const prisma = await read();
  setDirectReads(true);
  return [direct, prisma];
}

describe("readRows: pg's prepared statements and Prisma read alike (PostgreSQL only: on PGlite both are Prisma)", () => {
  itOnPostgres(
    "orders, chats, a conversation, the unread count, search, recommendations and the wallet of the demo shopper",
    async () => {
      await seed(db);
      const demo = await db.user.findUniqueOrThrow({ where: { email: "demo@fieldfare.app" } });
      const peers = await db.message.findMany({
        where: { OR: [{ senderId: demo.id }, { receiverId: demo.id }] },
        select: { senderId: true, receiverId: true },
      });
      const peer = peers.map((m) => (m.senderId === demo.id ? m.receiverId : m.senderId))[0];
      // Reading the conversation marks it read: the unread count is compared first.
      const reads: [string, () => Promise<unknown>][] = [
        ["unread", () => countUnread(demo.id)],
        ["orders (all)", () => listOrders(demo.id, { limit: 20 })],
        ["orders (active)", () => listOrders(demo.id, { status: "active", limit: 2 })],
        // A cursor carries an instant into the statement: it must mean the same instant both ways.
        [
          "orders (second page)",
          async () =>
            listOrders(demo.id, {
              limit: 2,
              cursor: decodeTimeCursor((await listOrders(demo.id, { limit: 2 })).nextCursor!)!,
            }),
        ],
        ["chats", () => listChats(demo.id, { limit: 20 })],
        ["conversation", () => getConversation(demo.id, peer, { limit: 50 })],
        ["search", () => searchProducts({ q: "apple", limit: 24 })],
        [
          "search in a category",
          async () =>
            searchProducts({
              q: "",
              categoryId: (await db.category.findFirstOrThrow()).id,
              limit: 24,
            }),
        ],
        ["wallet", () => getWallet(demo.id)],
        ["recommended products", () => recommendProducts(demo.id, { limit: 8 })],
        ["recommended farms", () => recommendFarms(demo.id, { limit: 3 })],
      ];
      for (const [what, read] of reads) {
        const [direct, prisma] = await bothWays(read);
        expect(JSON.stringify(direct), what).toBe(JSON.stringify(prisma));
      }
      // Not vacuous: the demo data fills every list.
      const [orders, chats] = await Promise.all([
        listOrders(demo.id, { limit: 20 }),
        listChats(demo.id, { limit: 20 }),
      ]);
      expect(orders.items.length).toBeGreaterThan(3);
      expect(orders.items.some((o) => o.fulfilment)).toBe(true);
      expect(chats.items.length).toBeGreaterThan(2);
      expect(chats.items.some((c) => c.lastMessage.adjustment !== null)).toBe(true);
    },
  );
});

describe("messages read by hand-written SQL", () => {
  it("carry their adjustment card as Prisma's model read gives it: its instants, lines and the order's farm", async () => {
    await seed(db);
    const demo = await db.user.findUniqueOrThrow({ where: { email: "demo@fieldfare.app" } });
    const card = await db.orderAdjustment.findFirstOrThrow({
      where: { buyerId: demo.id, messageId: { not: null } },
    });
    // A decided card has both instants: decide it at an instant with milliseconds.
    await db.orderAdjustment.update({
      where: { id: card.id },
      data: { status: "accepted", decidedAt: new Date("2026-11-20T17:05:09.045Z") },
    });
    const peer = (await db.message.findUniqueOrThrow({ where: { id: card.messageId! } })).senderId;
    const model = await loadMessage(card.messageId!);
    expect(model?.adjustment).toMatchObject({
      id: card.id,
      status: "accepted",
      decidedAt: "2026-11-20T17:05:09.045Z",
    });
    const inChats = (await listChats(demo.id, { limit: 20 })).items.find(
      (c) => c.lastMessage.id === card.messageId,
    )?.lastMessage;
    const inConversation = (await getConversation(demo.id, peer, { limit: 50 })).find(
      (m) => m.id === card.messageId,
    );
    expect(JSON.stringify(inChats)).toBe(JSON.stringify(model));
    expect(JSON.stringify(inConversation)).toBe(JSON.stringify({ ...model, isRead: true }));
  });
});
