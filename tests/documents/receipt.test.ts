import { describe, expect, it } from "vitest";
import * as receiptRoute from "@/app/api/orders/[id]/receipt.pdf/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { expectTextToShow, getPdf, pdfText } from "../support/pdf";
import {
  createFarm,
  createProduct,
  createUserWithSession,
  setTaxNumbers,
} from "../support/factories";
import { placeOrder, topUp } from "../wallet/support";

const receipt = (cookie: string, id: number) =>
  getPdf(receiptRoute.GET, `/api/orders/${id}/receipt.pdf`, cookie, id);

/** A new buyer tops up the wallet and places one paid order; answers the buyer and the order's id. */
async function buyerWithOrder(
  wallet: number,
  items: { productId: number; quantity: number }[],
  fullName?: string,
) {
  const me = await createUserWithSession(fullName ? { fullName } : {});
  await topUp(me.cookie, wallet);
  const placed = await placeOrder(me.cookie, items);
  expect(placed.status, placed.text).toBe(201);
  return { me, id: placed.json.orders[0].id as number };
}

describe("order receipts (PDF)", () => {
  it("is a real PDF whose text shows the farm, the buyer, every line and the total", async () => {
    const { farm } = await createFarm({
      farmName: "Receipt Ridge Farm",
      location: "12 Orchard Rd, Kelowna",
    });
    const kale = await createProduct(farm.id, { name: "Lacinato Kale", priceCents: 425 });
    const eggs = await createProduct(farm.id, { name: "Duck Eggs", priceCents: 900 });
    const { me, id } = await buyerWithOrder(
      100,
      [
        { productId: kale.id, quantity: 3 },
        { productId: eggs.id, quantity: 1 },
      ],
      "Rowan Buyer",
    );

    const r = await receipt(me.cookie, id);
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/pdf");
    expect(r.disposition).toBe(`inline; filename="fieldfare-order-${id}-receipt.pdf"`);
    expect(Buffer.from(r.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expectTextToShow(await pdfText(r.bytes), [
      `Receipt for order #${id}`,
      "Receipt Ridge Farm",
      "12 Orchard Rd, Kelowna",
      "Rowan Buyer",
      "Lacinato Kale (lb)",
      "$4.25",
      "$12.75",
      "Duck Eggs (lb)",
      "$9.00",
      "Total",
      "$21.75",
      "Paid in full",
    ]);
  });

  it("shows the farm's tax numbers, the subtotal and each tax line of a taxed order", async () => {
    const { farm } = await createFarm({ farmName: "Taxed Bench Winery" });
    await setTaxNumbers(farm.id, "123456789 RT0001", "PST-1234-5678");
    const wine = await createProduct(farm.id, {
      name: "Pinot Noir",
      priceCents: 2850,
      taxClass: "liquor",
    });
    const greens = await createProduct(farm.id, { name: "Salad Greens", priceCents: 500 });
    const { me, id } = await buyerWithOrder(
      200,
      [
        { productId: wine.id, quantity: 2 },
        { productId: greens.id, quantity: 1 },
      ],
      "Wyn Buyer",
    );
    const text = await pdfText((await receipt(me.cookie, id)).bytes);
    // 57.00 of wine: GST 2.85, PST 5.70; greens zero-rated. 62.00 + 8.55 = 70.55.
    expectTextToShow(text, [
      "GST/HST no. 123456789 RT0001",
      "PST no. PST-1234-5678",
      "Subtotal",
      "$62.00",
      "GST 5 %",
      "$2.85",
      "PST 10 %",
      "$5.70",
      "$70.55",
    ]);
  });

  it("someone else's order is a 404 (JSON), and a signed-out request a 401", async () => {
    const { farm } = await createFarm();
    const p = await createProduct(farm.id);
    const { id } = await buyerWithOrder(50, [{ productId: p.id, quantity: 1 }]);
    const other = await createUserWithSession();
    const res = await call(receiptRoute.GET, `/api/orders/${id}/receipt.pdf`, {
      cookie: other.cookie,
      params: { id: String(id) },
    });
    expect([res.status, res.json.code]).toEqual([404, "not_found"]);
    expect(
      (
        await call(receiptRoute.GET, `/api/orders/${id}/receipt.pdf`, {
          params: { id: String(id) },
        })
      ).status,
    ).toBe(401);
    expect(await db.order.count({ where: { id } })).toBe(1);
  });
});
