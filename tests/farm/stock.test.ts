import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as productsRoute from "@/app/api/my-farm/products/route";
import * as productRoute from "@/app/api/my-farm/products/[id]/route";
import { call } from "../support/http";
import { createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { farmerWithSession } from "./support";

checkLedgerAfterEach();

/** A new farmer lists a product through the API (no description or category, not featured). */
async function farmerLists(name: string, p: { price: number; unit: string; stock: number }) {
  const me = await farmerWithSession();
  const res = await call(productsRoute.POST, "/api/my-farm/products", {
    body: { name, ...p, description: "", categoryId: null, isFeatured: false },
    cookie: me.cookie,
  });
  expect(res.status, res.text).toBe(201);
  return { me, id: res.json.id as number };
}

/** The farm changes its product through the API. */
const patchProduct = (cookie: string, id: number, body: Record<string, unknown>) =>
  call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
    method: "PATCH",
    body,
    cookie,
    params: { id: String(id) },
  });

describe("stock set by the farmer is what checkout sells", () => {
  it("selling the last units marks the product out of stock; restocking puts it back", async () => {
    const { me, id } = await farmerLists("Duck Eggs", { price: 7, unit: "dozen", stock: 2 });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 100);
    expect((await placeOrder(buyer.cookie, [{ productId: id, quantity: 3 }])).status).toBe(409);
    expect((await placeOrder(buyer.cookie, [{ productId: id, quantity: 2 }])).status).toBe(201);
    const mine = await call(productsRoute.GET, "/api/my-farm/products", { cookie: me.cookie });
    expect(mine.json.find((p: { id: number }) => p.id === id)).toMatchObject({
      stock: 0,
      inStock: false,
    });
    expect((await placeOrder(buyer.cookie, [{ productId: id, quantity: 1 }])).json.message).toBe(
      "Duck Eggs is out of stock",
    );

    await patchProduct(me.cookie, id, { stock: 6 });
    expect((await placeOrder(buyer.cookie, [{ productId: id, quantity: 1 }])).status).toBe(201);
    expect((await db.product.findUniqueOrThrow({ where: { id } })).stock).toBe(5);
  });

  it("a hidden product cannot be bought", async () => {
    const { me, id } = await farmerLists("Secret Squash", { price: 3, unit: "each", stock: 9 });
    await patchProduct(me.cookie, id, { isHidden: true });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 50);
    const res = await placeOrder(buyer.cookie, [{ productId: id, quantity: 1 }]);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Secret Squash is no longer available");
  });

  it.skipIf(!onPostgres)(
    "20 concurrent checkouts of the last 5 units the farmer listed: exactly 5 succeed, stock ends at 0 (PostgreSQL only: PGlite has one connection and cannot run checkouts in parallel)",
    async () => {
      const { me, id } = await farmerLists("Last Apricots", { price: 3, unit: "lb", stock: 40 });
      // The farmer counts what is left: 5.
      expect((await patchProduct(me.cookie, id, { stock: 5 })).json.stock).toBe(5);

      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUserWithSession()));
      for (const b of buyers) await topUp(b.cookie, 10);
      const results = await Promise.all(
        buyers.map((b) => placeOrder(b.cookie, [{ productId: id, quantity: 1 }])),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.json.message).toBe("Last Apricots is out of stock");
      const p = await db.product.findUniqueOrThrow({ where: { id } });
      expect([p.stock, p.inStock]).toEqual([0, false]);
      expect(await db.order.count({ where: { farmId: me.farm.id, status: "active" } })).toBe(5);
      // The farm sees exactly those 5 incoming orders.
      const { GET } = await import("@/app/api/my-farm/orders/route");
      expect((await call(GET, "/api/my-farm/orders", { cookie: me.cookie })).json).toHaveLength(5);
    },
  );
});
