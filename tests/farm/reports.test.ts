/**
 * My Farm → Reports (docs/money.md, "Reports" and "Accounting exports"): the sales report by week,
 * product and channel, and the QuickBooks and Xero exports, on a real database with orders placed
 * and completed through the API. The exports are read back with a CSV library and their totals
 * must equal the reports'.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { DateTime } from "luxon";
import { db } from "@/lib/server/platform/db";
import * as ordersRoute from "@/app/api/orders/route";
import * as salesRoute from "@/app/api/my-farm/reports/sales/route";
import * as taxRoute from "@/app/api/my-farm/reports/tax/route";
import * as quickbooksRoute from "@/app/api/my-farm/exports/quickbooks.csv/route";
import * as xeroRoute from "@/app/api/my-farm/exports/xero.csv/route";
import type { SalesReportJson, TaxReportJson } from "@/lib/contracts/farm";
import { reportPresets } from "@/lib/report-period";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
  setTaxNumbers,
} from "../support/factories";
import { topUp } from "../wallet/support";
import { checkoutOnAccount } from "../account/support";
import { complete } from "../payments/ledger-support";

type Row = Record<string, string>;
const cents = (s: string) => Math.round(Number(s) * 100);
const sum = (rows: Row[], col: string) => rows.reduce((s, r) => s + cents(r[col]), 0);
const dollars = (n: number) => Math.round(n * 100);

const today = DateTime.now().setZone("America/Vancouver");
const from = today.minus({ days: 20 }).toISODate()!;
const to = today.plus({ days: 1 }).toISODate()!;

let farmer: Awaited<ReturnType<typeof createFarmerWithSession>>;
let shopperId: number;
let chefId: number;
const orderIds: Record<string, number> = {};

async function place(cookie: string, items: unknown) {
  const res = await call(ordersRoute.POST, "/api/orders", { body: { items }, cookie });
  expect(res.status, res.text).toBe(201);
  return res.json.orders[0].id as number;
}

beforeAll(async () => {
  farmer = await createFarmerWithSession({ farmName: "Report Ridge Vineyard" });
  await setTaxNumbers(farmer.farm.id, "123456789 RT0001", "PST-1234-5678");
  const wine = await createProduct(farmer.farm.id, {
    name: "Pinot Gris",
    priceCents: 2399,
    taxClass: "liquor",
  });
  const jam = await createProduct(farmer.farm.id, {
    name: "Cherry Jam",
    priceCents: 899,
    taxClass: "standard",
  });
  const kale = await createProduct(farmer.farm.id, { name: "Kale", priceCents: 300 });

  const shopper = await createUserWithSession({ fullName: "Sam Shopper" });
  shopperId = shopper.user.id;
  await topUp(shopper.cookie, 500);
  const chef = await createUserWithSession({ fullName: "Chef Ana", userType: "restaurant" });
  chefId = chef.user.id;
  await topUp(chef.cookie, 500);
  await db.creditLine.create({
    data: { farmId: farmer.farm.id, buyerId: chef.user.id, limitCents: 100_000 },
  });

  // Shoppers: wine (GST + PST), jam (GST) and kale (zero-rated) on one order.
  orderIds.shoppers = await place(shopper.cookie, [
    { productId: wine.id, quantity: 2 },
    { productId: jam.id, quantity: 1 },
    { productId: kale.id, quantity: 1 },
  ]);
  // Restaurants: a business buyer paying from the wallet.
  orderIds.restaurants = await place(chef.cookie, [{ productId: kale.id, quantity: 4 }]);
  // On account: paid with the farm's monthly statement.
  const onAccount = await checkoutOnAccount(chef.cookie, farmer.farm.id, [
    { productId: wine.id, quantity: 1 },
  ]);
  expect(onAccount.status, onAccount.text).toBe(201);
  orderIds.account = onAccount.json.orders[0].id as number;
  // Standing orders: an order its standing order placed (the worker writes the occurrence).
  orderIds.standing = await place(shopper.cookie, [{ productId: jam.id, quantity: 3 }]);
  const standing = await db.standingOrder.create({
    data: {
      userId: shopper.user.id,
      farmId: farmer.farm.id,
      items: [{ productId: jam.id, quantity: 3, priceCents: 899 }],
      weekday: 3,
      kind: "pickup",
      nextDate: today.plus({ days: 7 }).toISODate()!,
      nextDueAt: today.plus({ days: 6 }).toJSDate(),
    },
  });
  await db.standingOrderOccurrence.create({
    data: {
      standingOrderId: standing.id,
      localDate: today.toISODate()!,
      status: "placed",
      orderId: orderIds.standing,
    },
  });
  for (const id of Object.values(orderIds))
    expect((await complete(farmer.cookie, id)).status).toBe(200);
  // A week earlier: the shoppers' order is moved back so the report spans two weeks.
  await db.order.update({
    where: { id: orderIds.shoppers },
    data: { completedAt: today.minus({ days: 8 }).toJSDate() },
  });
  // Not in the report: an active order and another farm's sale.
  await place(shopper.cookie, [{ productId: kale.id, quantity: 1 }]);
  // A payout of the period (written as the weekly run writes it).
  await db.payout.create({
    data: {
      farmId: farmer.farm.id,
      periodEnd: today.toISODate()!,
      amountCents: 4321,
      status: "pending_manual",
    },
  });
});

const get = async (handler: typeof salesRoute.GET, path: string, cookie = farmer.cookie) =>
  call(handler, path, { cookie });

async function reports() {
  const sales = await get(salesRoute.GET, `/api/my-farm/reports/sales?from=${from}&to=${to}`);
  expect(sales.status, sales.text).toBe(200);
  const tax = await get(taxRoute.GET, `/api/my-farm/reports/tax?from=${from}&to=${to}`);
  expect(tax.status, tax.text).toBe(200);
  return { sales: sales.json as SalesReportJson, tax: tax.json as TaxReportJson };
}

describe("sales report (GET /api/my-farm/reports/sales)", () => {
  it("splits the period's completed orders by channel, week and product; totals equal the tax report", async () => {
    const { sales, tax } = await reports();
    expect(sales.orders).toBe(4);
    expect(sales.orders).toBe(tax.orders);
    expect(dollars(sales.sales)).toBe(dollars(tax.sales));
    expect(dollars(sales.taxes)).toBe(tax.taxes.reduce((s, t) => s + dollars(t.amount), 0));
    expect(dollars(sales.total)).toBe(dollars(sales.sales) + dollars(sales.taxes));
    expect(dollars(sales.goods) + dollars(sales.fees)).toBe(dollars(sales.sales));

    // Each order in exactly one channel.
    expect(Object.fromEntries(sales.channels.map((c) => [c.channel, [c.orders, c.sales]]))).toEqual(
      {
        shoppers: [1, 2 * 23.99 + 8.99 + 3],
        restaurants: [1, 12],
        account: [1, 23.99],
        standing: [1, 26.97],
      },
    );
    expect(sales.channels.reduce((s, c) => s + dollars(c.sales), 0)).toBe(dollars(sales.sales));

    // Weeks: every week the period touches, the sums equal the total.
    expect(sales.weeks[0].week <= from).toBe(true);
    expect(sales.weeks.at(-1)!.week <= to).toBe(true);
    expect(sales.weeks.reduce((s, w) => s + dollars(w.sales), 0)).toBe(dollars(sales.sales));
    expect(sales.weeks.filter((w) => w.orders > 0).length).toBe(2);

    // Product × week: the best seller first; each product's weeks add up to it.
    expect(sales.products.map((p) => p.name)).toEqual(["Pinot Gris", "Cherry Jam", "Kale"]);
    for (const p of sales.products) {
      expect(p.weeks.map((w) => w.week)).toEqual(sales.weeks.map((w) => w.week));
      expect(p.weeks.reduce((s, w) => s + dollars(w.goods), 0)).toBe(dollars(p.goods));
    }
    expect(sales.products.reduce((s, p) => s + dollars(p.goods), 0)).toBe(dollars(sales.goods));

    // Top customers, names only, most first.
    expect(sales.topCustomers.map((c) => [c.buyer.id, c.orders, c.restaurant])).toEqual([
      [shopperId, 2, false],
      [chefId, 2, true],
    ]);
    expect(JSON.stringify(sales.topCustomers)).not.toContain("@");
  });

  it("answers each table as CSV, parsed back to the same totals", async () => {
    const { sales } = await reports();
    for (const group of ["week", "product", "channel"] as const) {
      const res = await get(
        salesRoute.GET,
        `/api/my-farm/reports/sales?from=${from}&to=${to}&group=${group}&format=csv`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      expect(res.headers.get("content-disposition")).toContain(`fieldfare-sales-${group}-`);
      const rows = parse(res.text, { columns: true }) as Row[];
      if (group === "product") expect(sum(rows, "goods")).toBe(dollars(sales.goods));
      else expect(sum(rows, "sales")).toBe(dollars(sales.sales));
      if (group === "channel")
        expect(rows.map((r) => r.channel)).toEqual([
          "Shoppers",
          "Restaurants",
          "Standing orders",
          "On account",
        ]);
    }
  });

  it("is scoped to the farmer's own farm and refuses anyone else", async () => {
    const other = await createFarmerWithSession();
    const res = await get(
      salesRoute.GET,
      `/api/my-farm/reports/sales?from=${from}&to=${to}`,
      other.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ orders: 0, sales: 0, topCustomers: [], products: [] });
    expect(res.json.channels.every((c: { orders: number }) => c.orders === 0)).toBe(true);
    const shopper = await createUserWithSession();
    for (const path of [
      `/api/my-farm/reports/sales?from=${from}&to=${to}`,
      `/api/my-farm/exports/quickbooks.csv?from=${from}&to=${to}`,
    ]) {
      const handler = path.includes("quickbooks") ? quickbooksRoute.GET : salesRoute.GET;
      const refused = await get(handler, path, shopper.cookie);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBeTruthy();
    }
    const empty = await get(
      xeroRoute.GET,
      `/api/my-farm/exports/xero.csv?from=${from}&to=${to}`,
      other.cookie,
    );
    expect(parse(empty.text, { columns: true })).toEqual([]);
  });
});

describe("the period's edges are the farm's days", () => {
  it("keeps an order handed over at 00:00 on the first day and 23:59 on the last, not a minute outside", async () => {
    const edge = await createFarmerWithSession({ farmName: "Edge of Day Orchard" });
    const pears = await createProduct(edge.farm.id, { name: "Bosc Pears", priceCents: 500 });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 100);
    const first = "2026-11-02";
    const last = "2026-11-08";
    const local = (at: string) =>
      DateTime.fromISO(at, { zone: "America/Vancouver" }).toUTC().toJSDate();
    const handedOver = [
      local(`2026-11-01T23:59`),
      local(`${first}T00:00`),
      local(`${last}T23:59`),
      local(`2026-11-09T00:00`),
    ];
    const ids = [];
    for (const completedAt of handedOver) {
      const id = await place(buyer.cookie, [{ productId: pears.id, quantity: 1 }]);
      expect((await complete(edge.cookie, id)).status).toBe(200);
      await db.order.update({ where: { id }, data: { completedAt } });
      ids.push(id);
    }
    const path = `/api/my-farm/reports/sales?from=${first}&to=${last}`;
    const sales = await get(salesRoute.GET, path, edge.cookie);
    expect(sales.status, sales.text).toBe(200);
    expect(sales.json.orders).toBe(2);
    expect(sales.json.sales).toBe(10);
    expect(sales.json.weeks).toEqual([{ week: first, orders: 2, sales: 10 }]);
    const tax = await get(taxRoute.GET, path.replace("sales", "tax"), edge.cookie);
    expect(tax.status, tax.text).toBe(200);
    expect(tax.json.orders).toBe(2);
    // The same two invoices in the export, read by the same one statement.
    const xero = await get(
      xeroRoute.GET,
      path.replace("reports/sales", "exports/xero.csv"),
      edge.cookie,
    );
    const invoices = new Set(
      (parse(xero.text, { columns: true }) as Row[])
        .map((r) => r["*InvoiceNumber"])
        .filter((n) => /^FF-\d+$/.test(n)),
    );
    expect([...invoices].sort()).toEqual([`FF-${ids[1]}`, `FF-${ids[2]}`].sort());
  });
});

describe("tax summary CSV (GET /api/my-farm/reports/tax?format=csv)", () => {
  it("holds the same figures as the JSON", async () => {
    const { tax } = await reports();
    const res = await get(
      taxRoute.GET,
      `/api/my-farm/reports/tax?from=${from}&to=${to}&format=csv`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(
      `fieldfare-tax-summary-${from}-to-${to}.csv`,
    );
    const rows = Object.fromEntries(
      (parse(res.text, { columns: true }) as Row[]).map((r) => [r.figure, r.amount]),
    );
    expect(cents(rows["Sales before tax"])).toBe(dollars(tax.sales));
    expect(cents(rows["GST collected (5 %)"])).toBe(dollars(tax.taxes[0].amount));
    expect(cents(rows["PST collected (10 %)"])).toBe(dollars(tax.taxes[1].amount));
    expect(cents(rows["GST paid on commission"])).toBe(dollars(tax.gstOnCommission));
  });
});

describe("accounting exports (GET /api/my-farm/exports/{quickbooks,xero}.csv)", () => {
  it("QuickBooks Online: a tax code and tax amount per line; totals equal the reports", async () => {
    const { sales, tax } = await reports();
    const res = await get(
      quickbooksRoute.GET,
      `/api/my-farm/exports/quickbooks.csv?from=${from}&to=${to}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const rows = parse(res.text, { columns: true }) as Row[];
    expect(Object.keys(rows[0]).slice(0, 4)).toEqual([
      "InvoiceNo",
      "Customer",
      "InvoiceDate",
      "DueDate",
    ]);
    for (const col of ["ItemDescription", "ItemQuantity", "ItemRate", "ItemAmount", "ItemTaxCode"])
      expect(Object.keys(rows[0])).toContain(col);
    const salesRows = rows.filter((r) => /^FF-\d+$/.test(r.InvoiceNo));
    const commission = rows.filter((r) => r.InvoiceNo.startsWith("FF-COM-"));
    const payouts = rows.filter((r) => r.InvoiceNo.startsWith("FF-PAYOUT-"));
    expect(salesRows.length + commission.length + payouts.length).toBe(rows.length);
    expect(new Set(salesRows.map((r) => r.InvoiceNo)).size).toBe(4);
    expect(sum(salesRows, "ItemAmount")).toBe(dollars(sales.sales));
    expect(sum(salesRows, "ItemTaxAmount")).toBe(
      tax.taxes.reduce((s, t) => s + dollars(t.amount), 0),
    );
    // Mixed rates on one invoice, each line its own code.
    const mixed = salesRows.filter((r) => r.InvoiceNo === `FF-${orderIds.shoppers}`);
    expect(
      Object.fromEntries(mixed.map((r) => [r["Item(Product/Service)"], r.ItemTaxCode])),
    ).toEqual({ "Pinot Gris": "GST/PST BC", "Cherry Jam": "GST", Kale: "Zero-rated" });
    const wine = mixed.find((r) => r["Item(Product/Service)"] === "Pinot Gris")!;
    expect([wine.ItemQuantity, wine.ItemRate, wine.ItemAmount, wine.ItemTaxAmount]).toEqual([
      "2",
      "23.99",
      "47.98",
      "7.20",
    ]);
    for (const r of rows)
      expect(cents(r.ItemRate) * Number(r.ItemQuantity)).toBe(cents(r.ItemAmount));
    expect(sum(commission, "ItemAmount")).toBe(-dollars(tax.commission));
    expect(sum(commission, "ItemTaxAmount")).toBe(-dollars(tax.gstOnCommission));
    expect(commission.every((r) => r.Customer === "Fieldfare" && r.ItemTaxCode === "GST")).toBe(
      true,
    );
    expect(payouts.map((r) => [r.ItemAmount, r.ItemTaxCode])).toEqual([["-43.21", "Out of Scope"]]);
    // The account order is due with its statement; the others on receipt.
    const account = salesRows.find((r) => r.InvoiceNo === `FF-${orderIds.account}`)!;
    expect(account.DueDate).not.toBe(account.InvoiceDate);
    expect(account.DueDate).toMatch(/^\d{2}\/15\/\d{4}$/);
  });

  it("Xero: the same invoices in Xero's columns, totals equal the reports", async () => {
    const { sales, tax } = await reports();
    const res = await get(xeroRoute.GET, `/api/my-farm/exports/xero.csv?from=${from}&to=${to}`);
    expect(res.status, res.text).toBe(200);
    const rows = parse(res.text, { columns: true }) as Row[];
    for (const col of [
      "*ContactName",
      "*InvoiceNumber",
      "*InvoiceDate",
      "*DueDate",
      "*Description",
      "*Quantity",
      "*UnitAmount",
      "*AccountCode",
      "*TaxType",
      "TaxAmount",
    ])
      expect(Object.keys(rows[0])).toContain(col);
    const line = (r: Row) => cents(r["*UnitAmount"]) * Number(r["*Quantity"]);
    const salesRows = rows.filter((r) => r["*AccountCode"] === "200");
    expect(salesRows.reduce((s, r) => s + line(r), 0)).toBe(dollars(sales.sales));
    expect(sum(salesRows, "TaxAmount")).toBe(tax.taxes.reduce((s, t) => s + dollars(t.amount), 0));
    const commission = rows.filter((r) => r["*AccountCode"] === "404");
    expect(commission.reduce((s, r) => s + line(r), 0)).toBe(-dollars(tax.commission));
    expect(sum(commission, "TaxAmount")).toBe(-dollars(tax.gstOnCommission));
    expect(new Set(salesRows.map((r) => r["*TaxType"]))).toEqual(
      new Set(["GST + PST (BC) on Sales", "GST on Sales", "Zero Rated"]),
    );
    expect(rows.every((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r["*InvoiceDate"]))).toBe(true);
  });

  it("has no row cap: 150 orders export as 150 invoices", async () => {
    const bulk = await createFarmerWithSession();
    const buyer = await createUserWithSession();
    const item = await createProduct(bulk.farm.id, { name: "Eggs", priceCents: 700 });
    for (let i = 0; i < 150; i++)
      await db.order.create({
        data: {
          userId: buyer.user.id,
          farmId: bulk.farm.id,
          status: "completed",
          totalCents: 700,
          isPaid: true,
          itemCount: 1,
          checkoutRef: `bulk-${bulk.farm.id}-${i}`,
          completedAt: new Date(),
          items: {
            create: { productId: item.id, productName: "Eggs", quantity: 1, priceCents: 700 },
          },
        },
      });
    const res = await get(
      quickbooksRoute.GET,
      `/api/my-farm/exports/quickbooks.csv?from=${from}&to=${to}`,
      bulk.cookie,
    );
    const rows = parse(res.text, { columns: true }) as Row[];
    expect(new Set(rows.map((r) => r.InvoiceNo)).size).toBe(150);
    expect(sum(rows, "ItemAmount")).toBe(150 * 700);
  });
});

describe("the page's quick choices of period (lib/report-period.ts)", () => {
  it("are calendar periods ending today, across month and year ends", () => {
    expect(reportPresets("2026-11-27")).toEqual({
      "last-4-weeks": { from: "2026-10-31", to: "2026-11-27" },
      "this-month": { from: "2026-11-01", to: "2026-11-27" },
      "last-month": { from: "2026-10-01", to: "2026-10-31" },
      "this-quarter": { from: "2026-10-01", to: "2026-11-27" },
      "year-to-date": { from: "2026-01-01", to: "2026-11-27" },
    });
    expect(reportPresets("2027-01-03")).toMatchObject({
      "last-4-weeks": { from: "2026-12-07", to: "2027-01-03" },
      "last-month": { from: "2026-12-01", to: "2026-12-31" },
      "this-quarter": { from: "2027-01-01", to: "2027-01-03" },
    });
    expect(reportPresets("2028-03-10")["last-month"]).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
  });
});
