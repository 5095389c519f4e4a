import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as stockRoute from "@/app/api/my-farm/products/[id]/stock/route";
import { call } from "../support/http";
import { createProduct, createUserWithSession } from "../support/factories";
import { checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { farmerWithSession } from "./support";

checkLedgerAfterEach();

const step = (cookie: string, id: number, delta: unknown) =>
  call(stockRoute.POST, `/api/my-farm/products/${id}/stock`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    body: { delta },
  });

describe("products list − / +", () => {
  it("moves the stock relative to the newest count, so a checkout in between is kept; 0 goes out of stock", async () => {
    const me = await farmerWithSession();
    const p = await createProduct(me.farm.id, { name: "Duck Eggs", priceCents: 700, stock: 3 });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 100);
    expect((await placeOrder(buyer.cookie, [{ productId: p.id, quantity: 2 }])).status).toBe(201);

    const up = await step(me.cookie, p.id, 1);
    expect(up.status, up.text).toBe(200);
    expect(up.json).toMatchObject({ id: p.id, stock: 2, inStock: true });
    expect((await step(me.cookie, p.id, -2)).json).toMatchObject({ stock: 0, inStock: false });
    const row = await db.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(row).toMatchObject({ stock: 0, inStock: false });

    const below = await step(me.cookie, p.id, -1);
    expect(below.status).toBe(409);
    expect(below.json.message).toBe(`Only 0 ${p.unit} of Duck Eggs in stock`);
    expect((await step(me.cookie, p.id, 1)).json).toMatchObject({ stock: 1, inStock: true });
  });

  it("refuses another farm's product (404) and a step of 0 or a fraction (400)", async () => {
    const me = await farmerWithSession();
    const other = await farmerWithSession();
    const p = await createProduct(me.farm.id, { stock: 5 });
    const foreign = await step(other.cookie, p.id, 1);
    expect(foreign.status).toBe(404);
    expect((await db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(5);
    for (const bad of [0, 1.5, "1", 5000]) {
      const res = await step(me.cookie, p.id, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.errors.delta).toBe(
        "Change the stock by a whole number from -1,000 to 1,000, not 0",
      );
    }
  });
});
