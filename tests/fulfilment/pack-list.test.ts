import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import * as packRoute from "@/app/api/my-farm/pack-list/route";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import {
  createDeliveryZone,
  createOrderInSlot,
  createPickupPoint,
  createWindow,
} from "../support/fulfilment";

const VAN = "America/Vancouver";
const DATE = "2026-11-28";

describe("My Farm → Pack list", () => {
  it("totals what to harvest per product, then lists each order with buyer, slot and place (cancelled ones left out)", async () => {
    const me = await createFarmerWithSession({ farmName: "Pack Farm" });
    const point = await createPickupPoint(me.farm.id);
    await createDeliveryZone(me.farm.id);
    const market = await createWindow(me.farm.id, { pickupPointId: point.id });
    const evening = await createWindow(me.farm.id, {
      kind: "delivery",
      startMinute: 16 * 60,
      endMinute: 19 * 60,
    });
    const kale = await createProduct(me.farm.id, { name: "Kale", priceCents: 400 });
    const eggs = await createProduct(me.farm.id, { name: "Eggs", priceCents: 700 });
    const a = await createOrderInSlot(me.farm.id, market, DATE, {
      buyerName: "Ada Buyer",
      lines: [
        { product: kale, quantity: 3 },
        { product: eggs, quantity: 1 },
      ],
      place: { pickupName: point.name, pickupAddress: point.address },
    });
    const b = await createOrderInSlot(me.farm.id, evening, DATE, {
      buyerName: "Bo Chef",
      lines: [{ product: kale, quantity: 2 }],
      place: { deliveryAddress: "221 Main St, West Kelowna", postalCode: "V4T 2K3" },
    });
    await createOrderInSlot(me.farm.id, market, DATE, {
      buyerName: "Cy Gone",
      lines: [{ product: eggs, quantity: 9 }],
      place: { pickupName: point.name, pickupAddress: point.address },
      status: "cancelled",
    });

    const res = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}`, {
      cookie: me.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.products).toEqual([
      { productId: kale.id, productName: "Kale", unit: kale.unit, quantity: 5 },
      { productId: eggs.id, productName: "Eggs", unit: eggs.unit, quantity: 1 },
    ]);
    expect(res.json.orders).toEqual([
      expect.objectContaining({
        id: a.id,
        buyer: expect.objectContaining({ fullName: "Ada Buyer" }),
        kind: "pickup",
        start: "2026-11-28T09:00:00.000-07:00",
        place: `${point.name}, ${point.address}`,
        postalCode: null,
        totalAmount: 19,
      }),
      expect.objectContaining({
        id: b.id,
        buyer: expect.objectContaining({ fullName: "Bo Chef" }),
        kind: "delivery",
        start: "2026-11-28T16:00:00.000-07:00",
        place: "221 Main St, West Kelowna",
        postalCode: "V4T 2K3",
      }),
    ]);
    // The buyer is a name to pack for: no email or phone.
    expect(JSON.stringify(res.json)).not.toContain("@");

    const csv = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}&format=csv`, {
      cookie: me.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="pack-list-${DATE}.csv"`,
    );
    const rows = parse(csv.text) as string[][];
    expect(rows[0]).toEqual(
      "order,buyer,kind,start,end,place,postal_code,product,quantity,unit,status".split(","),
    );
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual([
      String(b.id),
      "Bo Chef",
      "delivery",
      "2026-11-28T16:00:00.000-07:00",
      "2026-11-28T19:00:00.000-07:00",
      "221 Main St, West Kelowna",
      "V4T 2K3",
      "Kale",
      "2",
      kale.unit,
      "active",
    ]);
  });

  it("writes a cell a spreadsheet would run as a formula as text, also after a ; or , inside it", async () => {
    const me = await createFarmerWithSession();
    const point = await createPickupPoint(me.farm.id, { name: '=HYPERLINK("http://x")' });
    const w = await createWindow(me.farm.id, { pickupPointId: point.id });
    const p = await createProduct(me.farm.id, { name: "+Radish" });
    await createOrderInSlot(me.farm.id, w, DATE, {
      buyerName: "Bob;=cmd|' /C calc'!A0;x",
      lines: [{ product: p, quantity: 1 }],
      place: { pickupName: point.name, pickupAddress: point.address },
    });
    const evening = await createWindow(me.farm.id, {
      kind: "delivery",
      startMinute: 16 * 60,
      endMinute: 19 * 60,
    });
    await createOrderInSlot(me.farm.id, evening, DATE, {
      buyerName: "@Eve",
      lines: [{ product: p, quantity: 2 }],
      place: { deliveryAddress: "1 Main St, -2+3; @SUM(A1),\t=1" },
    });
    const csv = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}&format=csv`, {
      cookie: me.cookie,
    });
    const rows = parse(csv.text) as string[][];
    expect(rows.map((r) => [r[1], r[5], r[7], r[8]])).toEqual([
      ["buyer", "place", "product", "quantity"],
      ["Bob;'=cmd|' /C calc'!A0;x", `'=HYPERLINK("http://x"), ${point.address}`, "'+Radish", "1"],
      ["'@Eve", "1 Main St, '-2+3; '@SUM(A1),'\t=1", "'+Radish", "2"],
    ]);
    // Every text cell is quoted; numbers are not.
    for (const line of csv.text.trim().split("\r\n").slice(1))
      expect(line).toMatch(/^\d+,"[^]*",\d+,"[^"]*","[^"]*"$/);
    // Split the way Excel does with a ; or , list separator: no piece starts a formula.
    for (const piece of csv.text.split(/[;,\r\n]/))
      expect(piece.replace(/^[ "]*/, ""), piece).not.toMatch(/^[=+\-@\t]/);
  });

  it("another farm's orders never appear; a day without orders is empty; the date is checked; buyers get 403", async () => {
    const other = await createFarmerWithSession();
    const w = await createWindow(other.farm.id, {
      pickupPointId: (await createPickupPoint(other.farm.id)).id,
    });
    await createOrderInSlot(other.farm.id, w, DATE, {
      buyerName: "Their Buyer",
      lines: [{ product: await createProduct(other.farm.id), quantity: 1 }],
      place: { pickupName: "x", pickupAddress: "y" },
    });
    const me = await createFarmerWithSession();
    const mine = await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}`, {
      cookie: me.cookie,
    });
    expect(mine.json).toMatchObject({ date: DATE, timeZone: VAN, products: [], orders: [] });
    // The other farm's order is not counted in this farm's day picker either.
    expect(
      mine.json.days.every((d: { orders: number }) => d.orders === 0),
      JSON.stringify(mine.json.days),
    ).toBe(true);
    for (const bad of ["2026-02-30", "28/11/2026", ""]) {
      const res = await call(
        packRoute.GET,
        `/api/my-farm/pack-list?date=${encodeURIComponent(bad)}`,
        { cookie: me.cookie },
      );
      expect(res.status, bad).toBe(400);
      expect(res.json.errors).toEqual({ date: "date must be a day like 2026-11-28" });
    }
    const shopper = await createUserWithSession();
    expect(
      (await call(packRoute.GET, `/api/my-farm/pack-list?date=${DATE}`, { cookie: shopper.cookie }))
        .status,
    ).toBe(403);
  });
});
