/**
 * Ids beyond PostgreSQL's `integer` range (2^31 - 1) pass zod's `.int()` but name no row: each
 * endpoint answers them like any unknown id instead of letting Prisma's P2020 become a 500.
 * Found by tests/security/bad-input.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as readPOST } from "@/app/api/messages/[userId]/read/route";
import { GET as conversationGET } from "@/app/api/messages/[userId]/route";
import { POST as messagesPOST } from "@/app/api/messages/route";
import { POST as myProductsPOST } from "@/app/api/my-farm/products/route";
import { PATCH as myProductPATCH } from "@/app/api/my-farm/products/[id]/route";
import { POST as ordersPOST } from "@/app/api/orders/route";
import { POST as topupPOST } from "@/app/api/transactions/topup/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import {
  createFarm,
  createProduct,
  createUserWithSession,
  sessionCookie,
} from "../support/factories";

const TOO_BIG = [2 ** 31, 99_999_999_999, 2 ** 53 - 1];

let me: { id: number; cookie: string };
let peer: { id: number };

beforeAll(async () => {
  const a = await createUserWithSession();
  // A farm: anyone may open a chat with one (with an unlinked shopper it would be a 404).
  const { owner } = await createFarm();
  me = { id: a.user.id, cookie: a.cookie };
  peer = { id: owner.id };
});

describe("messages with out-of-range ids", () => {
  it.each(TOO_BIG)("receiverId %d → 404 User not found, nothing stored", async (id) => {
    const res = await call(messagesPOST, "/api/messages", {
      body: { receiverId: id, content: "hi" },
      cookie: me.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("User not found");
    expect(await db.message.count()).toBe(0);
  });

  it.each(TOO_BIG)("GET and read of /api/messages/%d → 404", async (id) => {
    const get = await call(conversationGET, `/api/messages/${id}`, {
      cookie: me.cookie,
      params: { userId: String(id) },
    });
    expect(get.status).toBe(404);
    expect(get.json.message).toBe("User not found");
    const read = await call(readPOST, `/api/messages/${id}/read`, {
      method: "POST",
      cookie: me.cookie,
      params: { userId: String(id) },
    });
    expect(read.status).toBe(404);
  });

  it("a cursor beyond the id range → 400, a real one still pages", async () => {
    const bad = await call(conversationGET, `/api/messages/${peer.id}?before=99999999999`, {
      cookie: me.cookie,
      params: { userId: String(peer.id) },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("before must be a message id");
    const ok = await call(conversationGET, `/api/messages/${peer.id}?before=2147483647`, {
      cookie: me.cookie,
      params: { userId: String(peer.id) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual([]);
  });
});

describe("checkout with an out-of-range product id", () => {
  it.each(TOO_BIG)("productId %d → 404 naming it, no order, no debit", async (id) => {
    const { farm } = await createFarm();
    const real = await createProduct(farm.id, { priceCents: 300, stock: 10 });
    await call(topupPOST, "/api/transactions/topup", { body: { amount: 50 }, cookie: me.cookie });
    const before = await db.wallet.findUniqueOrThrow({ where: { userId: me.id } });
    const res = await call(ordersPOST, "/api/orders", {
      body: {
        items: [
          { productId: real.id, quantity: 1 },
          { productId: id, quantity: 1 },
        ],
      },
      cookie: me.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(`Product ${id} was not found`);
    expect(await db.order.count({ where: { userId: me.id } })).toBe(0);
    expect((await db.wallet.findUniqueOrThrow({ where: { userId: me.id } })).balanceCents).toBe(
      before.balanceCents,
    );
    expect((await db.product.findUniqueOrThrow({ where: { id: real.id } })).stock).toBe(10);
  });
});

describe("My Farm products with an out-of-range category id", () => {
  it.each(TOO_BIG)(
    "categoryId %d → 400 Choose a category on create and update, nothing written",
    async (id) => {
      const { owner, farm } = await createFarm();
      const cookie = await sessionCookie(owner.id);
      const product = await createProduct(farm.id);
      const body = {
        name: "Purple Snap Peas",
        description: "Sweet pods",
        price: 4.5,
        unit: "lb",
        stock: 12,
        categoryId: id,
        isFeatured: false,
      };
      const created = await call(myProductsPOST, "/api/my-farm/products", { body, cookie });
      expect(created.status).toBe(400);
      expect(created.json.errors).toEqual({ categoryId: "Choose a category" });
      const updated = await call(myProductPATCH, `/api/my-farm/products/${product.id}`, {
        method: "PATCH",
        body: { categoryId: id },
        cookie,
        params: { id: String(product.id) },
      });
      expect(updated.status).toBe(400);
      expect(updated.json.errors).toEqual({ categoryId: "Choose a category" });
      expect(await db.product.count({ where: { farmId: farm.id } })).toBe(1);
      expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).categoryId).toBe(
        product.categoryId,
      );
    },
  );
});
