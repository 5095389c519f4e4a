import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as productRoute from "@/app/api/products/[id]/route";
import * as featuredRoute from "@/app/api/products/featured/route";
import * as searchRoute from "@/app/api/products/search/route";
import * as myProductsRoute from "@/app/api/my-farm/products/route";
import * as myProductRoute from "@/app/api/my-farm/products/[id]/route";
import { call, expectMessage } from "../support/http";
import { itemsOf } from "../support/order-json";
import {
  createFarm,
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { createPickupAndDelivery } from "../support/fulfilment";
import { listSlots } from "@/lib/server/fulfilment/slots";
import * as orderRoute from "@/app/api/orders/[id]/route";
import * as ordersRoute from "@/app/api/orders/route";

checkLedgerAfterEach();

async function casedProduct(name: string) {
  const { farm } = await createFarm();
  const p = await createProduct(farm.id, { name, priceCents: 600, isFeatured: true });
  return db.product.update({
    where: { id: p.id },
    data: { restaurantPriceCents: 450, caseSize: 12 },
  });
}

/** The farm lists a product through the API: $7/lb, 40 in stock, plus `extra` (price levels). */
function listGreens(cookie: string, name: string, extra: Record<string, unknown> = {}) {
  return call(myProductsRoute.POST, "/api/my-farm/products", {
    cookie,
    body: {
      name,
      description: "",
      price: 7,
      unit: "lb",
      stock: 40,
      categoryId: null,
      isFeatured: false,
      ...extra,
    },
  });
}

describe("price levels in the catalog", () => {
  it("a restaurant sees its price and the case size; a shopper and a visitor see the retail price by the unit, never the restaurant price", async () => {
    const p = await casedProduct("Case Kale");
    const chef = await createUserWithSession({ userType: "restaurant" });
    const shopper = await createUserWithSession();
    const id = String(p.id);
    const as = (cookie?: string) =>
      call(productRoute.GET, `/api/products/${id}`, { cookie, params: { id } });
    expect((await as(chef.cookie)).json).toMatchObject({
      id: p.id,
      price: 4.5,
      priceLevel: "restaurant",
      caseSize: 12,
    });
    for (const cookie of [shopper.cookie, undefined]) {
      const res = await as(cookie);
      expect(res.json).toMatchObject({ price: 6, priceLevel: "retail", caseSize: 1 });
      // The restaurant price as a number anywhere in the answer (not the digits inside a timestamp such as "…:24.504Z").
      expect(res.text).not.toMatch(/(?<![\d.])4\.5(?!\d)/);
      expect(res.json).not.toHaveProperty("restaurantPrice");
    }
    const featured = await call(featuredRoute.GET, "/api/products/featured?limit=50", {
      cookie: chef.cookie,
    });
    expect(featured.json.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      price: 4.5,
      caseSize: 12,
    });
    const found = await call(searchRoute.GET, "/api/products/search?q=Case%20Kale", {
      cookie: shopper.cookie,
    });
    expect(found.json.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      price: 6,
      caseSize: 1,
    });
  });

  it("a product without a restaurant price costs restaurants the retail price, still by the case", async () => {
    const { farm } = await createFarm();
    const p = await db.product.update({
      where: { id: (await createProduct(farm.id, { priceCents: 800 })).id },
      data: { caseSize: 6 },
    });
    const chef = await createUserWithSession({ userType: "restaurant" });
    const id = String(p.id);
    expect(
      (await call(productRoute.GET, `/api/products/${id}`, { cookie: chef.cookie, params: { id } }))
        .json,
    ).toMatchObject({ price: 8, priceLevel: "retail", caseSize: 6 });
  });

  it("the farmer sets and clears the restaurant price and the case size; bad values are refused per field", async () => {
    const me = await createFarmerWithSession();
    const created = await listGreens(me.cookie, "Baby Greens", {
      restaurantPrice: 5.25,
      caseSize: 10,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ price: 7, restaurantPrice: 5.25, caseSize: 10 });
    const plain = await listGreens(me.cookie, "Loose Greens");
    expect(plain.json).toMatchObject({ restaurantPrice: null, caseSize: 1 });
    const id = String(created.json.id);
    const patch = (body: unknown) =>
      call(myProductRoute.PATCH, `/api/my-farm/products/${id}`, {
        method: "PATCH",
        cookie: me.cookie,
        body,
        params: { id },
      });
    expect((await patch({ restaurantPrice: null })).json).toMatchObject({
      restaurantPrice: null,
      caseSize: 10,
    });
    const bad = await patch({ restaurantPrice: 0.001, caseSize: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["caseSize", "restaurantPrice"]);
  });
});

describe("orders are priced by the buyer's level", () => {
  it("a restaurant pays its price for whole cases; a shopper pays retail by the unit; a price sent by the client changes nothing", async () => {
    const p = await casedProduct("Case Carrots");
    const chef = await createUserWithSession({ userType: "restaurant" });
    const shopper = await createUserWithSession();
    for (const u of [chef, shopper]) expect((await topUp(u.cookie, 200)).status).toBe(200);

    const chefOrder = await placeOrder(chef.cookie, [
      { productId: p.id, quantity: 24, price: 0.01, priceCents: 1 },
    ]);
    expect(chefOrder.status, chefOrder.text).toBe(201);
    expect(chefOrder.json.orders[0]).toMatchObject({
      totalAmount: 108,
      items: [expect.objectContaining({ quantity: 24, price: 4.5, subtotal: 108 })],
    });
    expect(await balanceCents(chef.user.id)).toBe(20000 - 10800);

    const shopperOrder = await placeOrder(shopper.cookie, [{ productId: p.id, quantity: 3 }]);
    expect(shopperOrder.status, shopperOrder.text).toBe(201);
    expect(shopperOrder.json.orders[0]).toMatchObject({
      totalAmount: 18,
      items: [expect.objectContaining({ quantity: 3, price: 6 })],
    });
  });

  it("every read of an order says each line's unit and the case size its buyer bought by", async () => {
    const p = await casedProduct("Case Leeks");
    const chef = await createUserWithSession({ userType: "restaurant" });
    const shopper = await createUserWithSession();
    for (const u of [chef, shopper]) expect((await topUp(u.cookie, 200)).status).toBe(200);
    const chefOrder = await placeOrder(chef.cookie, [{ productId: p.id, quantity: 24 }]);
    const shopperOrder = await placeOrder(shopper.cookie, [{ productId: p.id, quantity: 12 }]);
    const cases = { unit: p.unit, caseSize: 12, quantity: 24 };
    // A shopper buys by the unit, even twelve of a product restaurants buy by the case of 12.
    const units = { unit: p.unit, caseSize: 1, quantity: 12 };
    for (const [u, placed, line] of [
      [chef, chefOrder, cases],
      [shopper, shopperOrder, units],
    ] as const) {
      expect(placed.json.orders[0].items).toEqual([expect.objectContaining(line)]);
      const list = await call(ordersRoute.GET, "/api/orders", { cookie: u.cookie });
      expect(list.json[0].items).toEqual([expect.objectContaining(line)]);
      const id = String(placed.json.orders[0].id);
      const one = await call(orderRoute.GET, `/api/orders/${id}`, {
        cookie: u.cookie,
        params: { id },
      });
      expect(one.json.items).toEqual([expect.objectContaining(line)]);
    }
  });

  it("a restaurant quantity that is not a whole number of cases is refused with the case named, and nothing is written", async () => {
    const p = await casedProduct("Case Beets");
    const chef = await createUserWithSession({ userType: "restaurant" });
    await topUp(chef.cookie, 200);
    const res = await placeOrder(chef.cookie, [{ productId: p.id, quantity: 13 }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      "Case Beets is sold by the case of 12 lb: order a multiple of 12",
    );
    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(100);
  });
});

describe("order edits are priced by the buyer's level too", () => {
  it("a restaurant adds a line at its price in whole cases; a part case is refused", async () => {
    const kale = await casedProduct("Edit Kale");
    const farmId = kale.farmId;
    await createPickupAndDelivery(farmId);
    const chard = await db.product.update({
      where: { id: (await createProduct(farmId, { name: "Edit Chard", priceCents: 500 })).id },
      data: { restaurantPriceCents: 400, caseSize: 5 },
    });
    const [slot] = (await listSlots(farmId, 14)).filter((s) => s.kind === "pickup");
    const chef = await createUserWithSession({ userType: "restaurant" });
    await topUp(chef.cookie, 300);
    const placed = await call(ordersRoute.POST, "/api/orders", {
      cookie: chef.cookie,
      body: {
        items: [{ productId: kale.id, quantity: 12 }],
        fulfilment: { [farmId]: { slotId: slot.slotId } },
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const id = String(placed.json.orders[0].id);
    const edit = (items: unknown) =>
      call(orderRoute.PATCH, `/api/orders/${id}`, {
        method: "PATCH",
        cookie: chef.cookie,
        body: { items },
        params: { id },
      });
    const part = await edit([
      { productId: kale.id, quantity: 12 },
      { productId: chard.id, quantity: 3 },
    ]);
    expectMessage(part, 400, "Edit Chard is sold by the case of 5 lb: order a multiple of 5");
    const ok = await edit([
      { productId: kale.id, quantity: 12 },
      { productId: chard.id, quantity: 10 },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(itemsOf(ok.json)).toEqual([
      ["Edit Kale", 12, 4.5],
      ["Edit Chard", 10, 4],
    ]);
    expect(ok.json.totalAmount).toBe(54 + 40);
  });
});
