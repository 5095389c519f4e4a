import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as farmRoute from "@/app/api/my-farm/route";
import * as farmImageRoute from "@/app/api/my-farm/image/route";
import * as productsRoute from "@/app/api/my-farm/products/route";
import * as productRoute from "@/app/api/my-farm/products/[id]/route";
import * as productImageRoute from "@/app/api/my-farm/products/[id]/image/route";
import * as ordersRoute from "@/app/api/my-farm/orders/route";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import * as salesRoute from "@/app/api/my-farm/sales/route";
import * as salesReportRoute from "@/app/api/my-farm/reports/sales/route";
import { call } from "../support/http";
import {
  createProduct,
  createUser,
  createUserWithSession,
  sessionCookie,
} from "../support/factories";
import { farmerWithSession, tinyPng, upload } from "./support";

const validProduct = {
  name: "Snap Peas",
  description: "",
  price: 4.5,
  unit: "lb",
  stock: 10,
  categoryId: null,
  isFeatured: false,
};
const validProfile = { farmName: "Renamed Farm", description: "", location: "1 Road, Kelowna" };

let mine: Awaited<ReturnType<typeof farmerWithSession>>;
let other: Awaited<ReturnType<typeof farmerWithSession>>;
let shopper: Awaited<ReturnType<typeof createUserWithSession>>;
let restaurant: Awaited<ReturnType<typeof createUserWithSession>>;
let productId: number;
let orderId: number;

beforeAll(async () => {
  mine = await farmerWithSession({ farmName: "Mine Farm" });
  other = await farmerWithSession({ farmName: "Other Farm" });
  shopper = await createUserWithSession();
  restaurant = await createUserWithSession({ userType: "restaurant" });
  const product = await createProduct(mine.farm.id, {
    name: "Mine Carrots",
    priceCents: 300,
    stock: 9,
  });
  productId = product.id;
  const order = await db.order.create({
    data: {
      userId: shopper.user.id,
      farmId: mine.farm.id,
      totalCents: 300,
      itemCount: 1,
      isPaid: true,
      checkoutRef: "CO-TEST",
      items: { create: [{ productId, productName: product.name, quantity: 1, priceCents: 300 }] },
    },
  });
  orderId = order.id;
});

type Case = {
  name: string;
  run: (cookie?: string) => Promise<{ status: number; json?: { message?: string } }>;
};
const p = () => ({ id: String(productId) });
const o = () => ({ id: String(orderId) });
const endpoints: Case[] = [
  { name: "GET /api/my-farm", run: (cookie) => call(farmRoute.GET, "/api/my-farm", { cookie }) },
  {
    name: "PATCH /api/my-farm",
    run: (cookie) =>
      call(farmRoute.PATCH, "/api/my-farm", { method: "PATCH", body: validProfile, cookie }),
  },
  {
    name: "POST /api/my-farm/image",
    run: (cookie) =>
      upload(farmImageRoute.POST, "/api/my-farm/image", { cookie, bytes: tinyPng() }),
  },
  {
    name: "GET /api/my-farm/products",
    run: (cookie) => call(productsRoute.GET, "/api/my-farm/products", { cookie }),
  },
  {
    name: "POST /api/my-farm/products",
    run: (cookie) =>
      call(productsRoute.POST, "/api/my-farm/products", { body: validProduct, cookie }),
  },
  {
    name: "GET /api/my-farm/products/{id}",
    run: (cookie) =>
      call(productRoute.GET, `/api/my-farm/products/${productId}`, { cookie, params: p() }),
  },
  {
    name: "PATCH /api/my-farm/products/{id}",
    run: (cookie) =>
      call(productRoute.PATCH, `/api/my-farm/products/${productId}`, {
        method: "PATCH",
        body: { isHidden: true },
        cookie,
        params: p(),
      }),
  },
  {
    name: "POST /api/my-farm/products/{id}/image",
    run: (cookie) =>
      upload(productImageRoute.POST, `/api/my-farm/products/${productId}/image`, {
        cookie,
        bytes: tinyPng(),
        params: p(),
      }),
  },
  {
    name: "GET /api/my-farm/orders",
    run: (cookie) => call(ordersRoute.GET, "/api/my-farm/orders", { cookie }),
  },
  {
    name: "POST /api/my-farm/orders/{id}/complete",
    run: (cookie) =>
      call(completeRoute.POST, `/api/my-farm/orders/${orderId}/complete`, {
        method: "POST",
        cookie,
        params: o(),
      }),
  },
  {
    name: "GET /api/my-farm/sales",
    run: (cookie) => call(salesRoute.GET, "/api/my-farm/sales", { cookie }),
  },
];

describe("My Farm is for the farm's owner only", () => {
  it.each(endpoints)("$name: 401 when signed out", async ({ run }) => {
    expect((await run(undefined)).status).toBe(401);
  });

  it.each(endpoints)("$name: 403 for a shopper", async ({ run }) => {
    const res = await run(shopper.cookie);
    expect(res.status).toBe(403);
    expect(res.json?.message).toBe("This area is for farm accounts");
  });

  it.each(endpoints)("$name: 403 for a restaurant account", async ({ run }) => {
    expect((await run(restaurant.cookie)).status).toBe(403);
  });

  it("a farmer account without a farm gets 404, not someone else's farm", async () => {
    const lone = await createUser({ userType: "farmer" });
    const cookie = await sessionCookie(lone.id);
    const res = await call(farmRoute.GET, "/api/my-farm", { cookie });
    expect(res.status).toBe(404);
    // The sales report reads the farm in its own statement, and refuses the same way.
    const report = await call(
      salesReportRoute.GET,
      "/api/my-farm/reports/sales?from=2026-11-01&to=2026-11-28",
      { cookie },
    );
    expect([report.status, report.json?.code]).toEqual([404, "not_found"]);
  });

  it("another farmer gets 404 for my product (read, edit, image) and it stays unchanged", async () => {
    const read = await call(productRoute.GET, `/api/my-farm/products/${productId}`, {
      cookie: other.cookie,
      params: p(),
    });
    expect(read.status).toBe(404);
    const edit = await call(productRoute.PATCH, `/api/my-farm/products/${productId}`, {
      method: "PATCH",
      body: { price: 0.01, isHidden: true },
      cookie: other.cookie,
      params: p(),
    });
    expect(edit.status).toBe(404);
    expect(edit.json).toEqual({ message: "Product not found", code: "not_found" });
    const image = await upload(productImageRoute.POST, `/api/my-farm/products/${productId}/image`, {
      cookie: other.cookie,
      bytes: tinyPng(),
      params: p(),
    });
    expect(image.status).toBe(404);
    const row = await db.product.findUniqueOrThrow({ where: { id: productId } });
    expect([row.priceCents, row.isHidden, row.image]).toEqual([300, false, ""]);
  });

  it("another farmer gets 404 for my order, does not see it in their list, and it stays active", async () => {
    const res = await call(completeRoute.POST, `/api/my-farm/orders/${orderId}/complete`, {
      method: "POST",
      cookie: other.cookie,
      params: o(),
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Order not found", code: "not_found" });
    const list = await call(ordersRoute.GET, "/api/my-farm/orders", { cookie: other.cookie });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([]);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("active");
  });

  it("the owner sees their own order with the buyer's name and never their email", async () => {
    const res = await call(ordersRoute.GET, "/api/my-farm/orders", { cookie: mine.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      id: orderId,
      buyer: { id: shopper.user.id, fullName: shopper.user.fullName },
      totalAmount: 3,
      itemCount: 1,
    });
    expect(JSON.stringify(res.json)).not.toContain(shopper.user.email);
  });

  it("non-numeric and out-of-range ids are 404, never 500", async () => {
    for (const id of ["abc", "0", "-1", "99999999999", "1.5"]) {
      const res = await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
        method: "PATCH",
        body: { stock: 1 },
        cookie: mine.cookie,
        params: { id },
      });
      expect(res.status, id).toBe(404);
    }
  });

  it("mutations from another site are refused (403) even for the owner", async () => {
    const res = await call(productsRoute.POST, "/api/my-farm/products", {
      body: validProduct,
      cookie: mine.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const img = await upload(farmImageRoute.POST, "/api/my-farm/image", {
      cookie: mine.cookie,
      bytes: tinyPng(),
      headers: { origin: "https://evil.example" },
    });
    expect(img.status).toBe(403);
    const complete = await call(completeRoute.POST, `/api/my-farm/orders/${orderId}/complete`, {
      method: "POST",
      cookie: mine.cookie,
      params: o(),
      headers: { origin: "https://evil.example" },
    });
    expect(complete.status).toBe(403);
  });
});
