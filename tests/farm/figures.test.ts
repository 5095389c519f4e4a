/**
 * One definition of each figure (docs/money.md, "Figures"): My Farm's "Sales this week", Reports,
 * the tax report, a payout's statement and ops Today count the same orders (handed over in the
 * period) the same way, so for the same period they show the same sales, orders, commission and
 * net. Orders are placed, handed over and cancelled through the API on a real database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as weeklyRoute from "@/app/api/my-farm/sales/route";
import * as salesRoute from "@/app/api/my-farm/reports/sales/route";
import * as taxRoute from "@/app/api/my-farm/reports/tax/route";
import * as detailRoute from "@/app/api/my-farm/payouts/[id]/route";
import { lastSevenDays } from "@/lib/server/accounting/weekly-sales";
import { commissionCents } from "@/lib/server/payments/farm-ledger";
import { runPayouts } from "@/lib/server/payments/payouts";
import { opsToday } from "@/lib/server/ops/today";
import { call } from "../support/http";
import { createProduct, createUserWithSession, setTaxNumbers } from "../support/factories";
import { farmerWithSession } from "./support";
import { placeOrder, topUp } from "../wallet/support";
import { cancel, complete } from "../payments/ledger-support";
import { payoutDay } from "../payments/support";

const cents = (dollars: number) => Math.round(dollars * 100);

type Farmer = Awaited<ReturnType<typeof farmerWithSession>>;
let green: Farmer;
let ridge: Farmer;
const handedOver: { farm: Farmer; goods: number; total: number }[] = [];

async function order(
  farm: Farmer,
  cookie: string,
  items: { productId: number; quantity: number }[],
) {
  const res = await placeOrder(cookie, items);
  expect(res.status, res.text).toBe(201);
  const o = res.json.orders[0];
  return { id: o.id as number, total: cents(o.totalAmount) };
}

beforeAll(async () => {
  green = await farmerWithSession({ farmName: "Greens Figures Farm" });
  ridge = await farmerWithSession({ farmName: "Ridge Figures Farm" });
  await setTaxNumbers(green.farm.id, "123456789 RT0001", "PST-1234-5678");
  // Jam carries GST, so sales (before taxes) and totals differ; kale is zero-rated.
  const jam = await createProduct(green.farm.id, {
    name: "Cherry Jam",
    priceCents: 899,
    taxClass: "standard",
  });
  const kale = await createProduct(green.farm.id, { name: "Kale", priceCents: 333 });
  const honey = await createProduct(ridge.farm.id, { name: "Honey", priceCents: 1250 });
  const buyer = await createUserWithSession({ fullName: "Fig Buyer" });
  expect((await topUp(buyer.cookie, 400)).status).toBe(200);

  for (const [farm, items] of [
    [green, [{ productId: jam.id, quantity: 3 }]],
    [
      green,
      [
        { productId: jam.id, quantity: 1 },
        { productId: kale.id, quantity: 7 },
      ],
    ],
    [ridge, [{ productId: honey.id, quantity: 2 }]],
  ] as const) {
    const o = await order(farm, buyer.cookie, [...items]);
    expect((await complete(farm.cookie, o.id)).status).toBe(200);
    const goods = items.reduce(
      (s, i) =>
        s + i.quantity * (i.productId === jam.id ? 899 : i.productId === kale.id ? 333 : 1250),
      0,
    );
    handedOver.push({ farm, goods, total: o.total });
  }
  // Not figures: an order still to hand over, and one cancelled.
  await order(green, buyer.cookie, [{ productId: kale.id, quantity: 2 }]);
  const cancelled = await order(green, buyer.cookie, [{ productId: jam.id, quantity: 2 }]);
  expect((await cancel(buyer.cookie, cancelled.id)).status).toBe(200);
});

const mine = (farm: Farmer) => handedOver.filter((o) => o.farm === farm);

describe("one definition of each figure", () => {
  it("My Farm, Reports and the tax report agree for the same 7 days", async () => {
    const days = lastSevenDays(new Date());
    const weekly = await call(weeklyRoute.GET, "/api/my-farm/sales", { cookie: green.cookie });
    const q = `?from=${days[0]}&to=${days[6]}`;
    const report = await call(salesRoute.GET, `/api/my-farm/reports/sales${q}`, {
      cookie: green.cookie,
    });
    const tax = await call(taxRoute.GET, `/api/my-farm/reports/tax${q}`, { cookie: green.cookie });
    expect([weekly.status, report.status, tax.status]).toEqual([200, 200, 200]);

    const orders = mine(green);
    const total = orders.reduce((s, o) => s + o.total, 0);
    const commission = orders.reduce((s, o) => s + commissionCents(o.goods), 0);
    const taxes = cents(report.json.taxes);
    expect(taxes).toBeGreaterThan(0);
    const sales = total - taxes;

    expect([weekly.json.orders, report.json.orders, tax.json.orders]).toEqual([2, 2, 2]);
    expect([cents(weekly.json.total), cents(report.json.sales), cents(tax.json.sales)]).toEqual([
      sales,
      sales,
      sales,
    ]);
    expect([cents(report.json.commission), cents(tax.json.commission)]).toEqual([
      commission,
      commission,
    ]);
    expect(cents(report.json.net)).toBe(sales + taxes - commission);
  });

  it("ops Today counts every farm's orders handed over in the last 24 hours the same way", async () => {
    const today = await opsToday();
    const total = handedOver.reduce((s, o) => s + o.total, 0);
    const commission = handedOver.reduce((s, o) => s + commissionCents(o.goods), 0);
    const reports = await Promise.all(
      [green, ridge].map((f) => {
        const days = lastSevenDays(new Date());
        return call(salesRoute.GET, `/api/my-farm/reports/sales?from=${days[0]}&to=${days[6]}`, {
          cookie: f.cookie,
        });
      }),
    );
    const sales = reports.reduce((s, r) => s + cents(r.json.sales), 0);
    expect(today.placed).toBe(5);
    expect(today.orders).toBe(3);
    expect(cents(today.sales)).toBe(sales);
    expect(sales).toBeLessThan(total);
    expect(cents(today.commission)).toBe(commission);
    expect(cents(today.commission)).toBe(reports.reduce((s, r) => s + cents(r.json.commission), 0));
  });

  it("a payout's statement of those orders shows the same sales, commission and net", async () => {
    await runPayouts(payoutDay());
    const payout = await db.payout.findFirstOrThrow({ where: { farmId: green.farm.id } });
    const detail = await call(detailRoute.GET, `/api/my-farm/payouts/${payout.id}`, {
      cookie: green.cookie,
      params: { id: String(payout.id) },
    });
    expect(detail.status, detail.text).toBe(200);
    const days = lastSevenDays(new Date());
    const report = await call(
      salesRoute.GET,
      `/api/my-farm/reports/sales?from=${days[0]}&to=${days[6]}`,
      { cookie: green.cookie },
    );
    type Line = { goods: number; fees: number; commission: number; net: number };
    const lines: Line[] = detail.json.lines;
    expect(lines).toHaveLength(2);
    const sum = (f: (l: Line) => number) => lines.reduce((s, l) => s + cents(f(l)), 0);
    expect(sum((l) => l.goods) + sum((l) => l.fees)).toBe(cents(report.json.sales));
    expect(-sum((l) => l.commission)).toBe(cents(report.json.commission));
    expect(sum((l) => l.net)).toBe(cents(report.json.net));
    expect(cents(detail.json.amount)).toBe(cents(report.json.net));
  });
});
