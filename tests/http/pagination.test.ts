import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as transactionsRoute from "@/app/api/transactions/route";
import * as ordersRoute from "@/app/api/orders/route";
import * as farmOrdersRoute from "@/app/api/my-farm/orders/route";
import * as chatsRoute from "@/app/api/messages/chats/route";
import { call } from "../support/http";
import { createFarmerWithSession, createUser, createUserWithSession } from "../support/factories";

/**
 * Cursor pagination of the lists that grow with use: walking the `Link: <…>; rel="next"` URLs
 * from the first page returns every row exactly once, in the list's order, also when many rows
 * share one timestamp (the id breaks the tie), and a malformed cursor is a 400, never a 500.
 */
type Handler = Parameters<typeof call>[0];

function nextLink(headers: Headers): string | null {
  const link = headers.get("link");
  if (!link) return null;
  const m = /<([^>]+)>;\s*rel="next"/.exec(link);
  expect(m, `Link header ${link}`).not.toBeNull();
  return m![1];
}

/**
 * Every page from `first` on; asserts each page is at most its `limit=` rows and only the last has
 * no next link.
 */
/** The rows' ids in keyset order: by `key` (newest or oldest first), ties broken by id the same way. */
function keysetIds<K extends string, T extends { id: number } & Record<K, Date>>(
  rows: T[],
  key: K,
  order: "newest" | "oldest",
): number[] {
  const sign = order === "newest" ? -1 : 1;
  return [...rows]
    .sort((a, b) => sign * (a[key].getTime() - b[key].getTime() || a.id - b.id))
    .map((r) => r.id);
}

async function walk(
  handler: Handler,
  first: string,
  cookie: string,
): Promise<{ ids: number[]; pages: number }> {
  const limit = Number(new URL(first, "http://test").searchParams.get("limit"));
  expect(limit).toBeGreaterThan(0);
  const ids: number[] = [];
  let url: string | null = first;
  let pages = 0;
  while (url) {
    const res = await call(handler, url, { cookie });
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.length).toBeLessThanOrEqual(limit);
    const next = nextLink(res.headers);
    if (next) expect(res.json).toHaveLength(limit);
    ids.push(...res.json.map((r: { id?: number; user?: { id: number } }) => r.id ?? r.user!.id));
    url = next;
    pages++;
    expect(pages).toBeLessThan(50);
  }
  return { ids, pages };
}

const SAME_TIME = new Date("2026-03-01T12:00:00.000Z");
const LATER = new Date("2026-03-02T08:30:00.000Z");

/** A $1.00 top-up row in the user's ledger, written straight to the database at SAME_TIME. */
const topUpRow = (
  userId: number,
  row: { description: string; reference: string; amountCents?: number; timestamp?: Date },
) =>
  db.transaction.create({
    data: { userId, type: "top_up", amountCents: 100, timestamp: SAME_TIME, ...row },
  });

describe("GET /api/transactions pages", () => {
  it("walks 23 ledger rows (19 with the same timestamp) in pages of 5: newest first, no duplicates, no gaps", async () => {
    const me = await createUserWithSession();
    const rows = [];
    for (let i = 0; i < 23; i++) {
      rows.push(
        await topUpRow(me.user.id, {
          amountCents: 100 + i,
          description: `Row ${i}`,
          reference: `r${i}`,
          timestamp: i < 4 ? LATER : SAME_TIME,
        }),
      );
    }
    const expected = keysetIds(rows, "timestamp", "newest");
    expect(await walk(transactionsRoute.GET, "/api/transactions?limit=5", me.cookie)).toEqual({
      ids: expected,
      pages: 5,
    });
  });

  it("defaults to pages of 20 and says nothing more when the ledger fits", async () => {
    const me = await createUserWithSession();
    for (let i = 0; i < 21; i++)
      await topUpRow(me.user.id, { description: "x", reference: `d${i}` });
    const first = await call(transactionsRoute.GET, "/api/transactions", { cookie: me.cookie });
    expect(first.json).toHaveLength(20);
    const next = nextLink(first.headers)!;
    expect(next).toMatch(/^\/api\/transactions\?cursor=/);
    const last = await call(transactionsRoute.GET, next, { cookie: me.cookie });
    expect(last.json).toHaveLength(1);
    expect(last.headers.get("link")).toBeNull();
  });

  it("a cursor never reaches another user's rows", async () => {
    const me = await createUserWithSession();
    const other = await createUserWithSession();
    for (let i = 0; i < 3; i++)
      await topUpRow(me.user.id, { description: "mine", reference: `m${i}` });
    await topUpRow(other.user.id, {
      description: "theirs",
      reference: "t",
      timestamp: new Date(SAME_TIME.getTime() - 1000),
    });
    const first = await call(transactionsRoute.GET, "/api/transactions?limit=2", {
      cookie: me.cookie,
    });
    const next = await call(transactionsRoute.GET, nextLink(first.headers)!, {
      cookie: other.cookie,
    });
    expect(next.json.map((t: { description: string }) => t.description)).toEqual(["theirs"]);
  });
});

async function ordersFor(
  buyerId: number,
  farmId: number,
  n: number,
  status: "active" | "completed" | "cancelled" = "active",
  at: (i: number) => Date = () => SAME_TIME,
) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(
      await db.order.create({
        data: {
          userId: buyerId,
          farmId,
          status,
          totalCents: 500,
          itemCount: 0,
          checkoutRef: `p-${buyerId}-${farmId}-${status}-${i}`,
          createdAt: at(i),
        },
      }),
    );
  }
  return out;
}

describe("GET /api/orders pages", () => {
  it("walks one status in pages of 4 (equal timestamps), newest first, keeping ?status= in the next link", async () => {
    const me = await createUserWithSession();
    const { farm } = await createFarmerWithSession();
    const active = await ordersFor(me.user.id, farm.id, 11, "active", (i) =>
      i % 3 === 0 ? LATER : SAME_TIME,
    );
    await ordersFor(me.user.id, farm.id, 3, "cancelled");
    const expected = keysetIds(active, "createdAt", "newest");
    const first = await call(ordersRoute.GET, "/api/orders?status=active&limit=4", {
      cookie: me.cookie,
    });
    expect(nextLink(first.headers)).toMatch(/status=active/);
    expect(await walk(ordersRoute.GET, "/api/orders?status=active&limit=4", me.cookie)).toEqual({
      ids: expected,
      pages: 3,
    });
    const all = await walk(ordersRoute.GET, "/api/orders?limit=5", me.cookie);
    expect(all.ids).toHaveLength(14);
    expect(new Set(all.ids).size).toBe(14);
  });
});

describe("GET /api/my-farm/orders pages", () => {
  it("walks the farm's active orders oldest first in pages of 3, ties broken by id", async () => {
    const me = await createFarmerWithSession();
    const buyer = await createUser();
    const orders = await ordersFor(buyer.id, me.farm.id, 8, "active", (i) =>
      i < 2 ? LATER : SAME_TIME,
    );
    await ordersFor(buyer.id, me.farm.id, 2, "completed");
    const expected = keysetIds(orders, "createdAt", "oldest");
    expect(await walk(farmOrdersRoute.GET, "/api/my-farm/orders?limit=3", me.cookie)).toEqual({
      ids: expected,
      pages: 3,
    });
    // The first page counts every active order (the heading's count); the next pages do not.
    const first = await call(farmOrdersRoute.GET, "/api/my-farm/orders?limit=3", {
      cookie: me.cookie,
    });
    expect(first.headers.get("x-total-count")).toBe("8");
    const second = await call(farmOrdersRoute.GET, nextLink(first.headers)!, { cookie: me.cookie });
    expect(second.json).toHaveLength(3);
    expect(second.headers.get("x-total-count")).toBeNull();
  });
});

describe("GET /api/messages/chats pages", () => {
  it("walks 7 conversations newest first in pages of 3, one row per person", async () => {
    const me = await createUserWithSession();
    const peers = [];
    for (let i = 0; i < 7; i++) {
      const { user } = await createFarmerWithSession();
      peers.push(user);
      await db.message.create({
        data: {
          senderId: me.user.id,
          receiverId: user.id,
          content: `hello ${i}`,
          timestamp: SAME_TIME,
        },
      });
      await db.message.create({
        data: {
          senderId: user.id,
          receiverId: me.user.id,
          content: `reply ${i}`,
          timestamp: SAME_TIME,
        },
      });
    }
    // The third conversation gets the newest message, so it leads the list.
    await db.message.create({
      data: {
        senderId: me.user.id,
        receiverId: peers[2].id,
        content: "latest",
        timestamp: SAME_TIME,
      },
    });
    const expected = [
      peers[2].id,
      ...peers
        .filter((_, i) => i !== 2)
        .reverse()
        .map((p) => p.id),
    ];
    expect(await walk(chatsRoute.GET, "/api/messages/chats?limit=3", me.cookie)).toEqual({
      ids: expected,
      pages: 3,
    });
  });
});

describe("bad paging input is a 400 with a message", () => {
  const lists: [string, Handler, string][] = [
    ["transactions", transactionsRoute.GET, "/api/transactions"],
    ["orders", ordersRoute.GET, "/api/orders"],
    ["farm orders", farmOrdersRoute.GET, "/api/my-farm/orders"],
    ["chats", chatsRoute.GET, "/api/messages/chats"],
  ];
  const badCursors = [
    "abc",
    "1.0",
    "-1.5",
    "1772366400000.99999999999",
    "1772366400000",
    "0",
    "1772366400000.5.5",
    "%00",
    // Past year 9999 (a six-digit year no database column takes): once a 500.
    "253402300800000.1",
    "999999999999999.1",
  ];
  it.each(lists)("%s", async (_name, handler, path) => {
    const me = await createFarmerWithSession();
    for (const cursor of path.endsWith("chats")
      ? ["abc", "0", "1.5", "99999999999", "-3"]
      : badCursors) {
      const res = await call(handler, `${path}?cursor=${cursor}`, { cookie: me.cookie });
      expect(res.status, `${path} cursor=${cursor}: ${res.text}`).toBe(400);
      expect(res.json).toEqual({
        message: expect.stringMatching(/cursor/),
        code: "validation",
        errors: { cursor: expect.any(String) },
      });
    }
    for (const limit of ["0", "101", "x", "2.5"]) {
      const res = await call(handler, `${path}?limit=${limit}`, { cookie: me.cookie });
      expect(res.status, `${path} limit=${limit}`).toBe(400);
      expect(res.json.errors).toEqual({ limit: expect.stringMatching(/limit/) });
    }
  });
});
