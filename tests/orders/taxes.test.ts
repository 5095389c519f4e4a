import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { computeTaxes, taxOf, taxTotal, type TaxRateRow } from "@/lib/tax";
import * as ordersRoute from "@/app/api/orders/route";
import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import * as proposeRoute from "@/app/api/my-farm/orders/[id]/adjustments/route";
import * as acceptRoute from "@/app/api/orders/[id]/adjustments/[aid]/accept/route";
import * as farmRoute from "@/app/api/my-farm/route";
import * as taxReportRoute from "@/app/api/my-farm/reports/tax/route";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
  setTaxNumbers,
} from "../support/factories";
import { createPickupAndDelivery } from "../support/fulfilment";
import { patchOrder } from "../support/orders";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { complete, expectFarmLedgerHolds } from "../payments/ledger-support";

checkLedgerAfterEach();

const BC: TaxRateRow[] = [
  { name: "GST", taxClass: "standard", rateBps: 500 },
  { name: "GST", taxClass: "liquor", rateBps: 500 },
  { name: "PST", taxClass: "liquor", rateBps: 1000 },
];

describe("tax arithmetic (lib/tax.ts)", () => {
  it("rounds each line half-up to the cent", () => {
    expect(taxOf(1010, 500)).toBe(51); // 50.5 → 51
    expect(taxOf(1009, 500)).toBe(50); // 50.45 → 50
    expect(taxOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(taxOf(4, 1000)).toBe(0);
  });

  it("sums per tax over the lines, each rounded on its own", () => {
    // Two liquor lines of $0.10: GST 0.5 → 1 cent each (2), not 1 cent on $0.20.
    const taxes = computeTaxes(
      [
        { amountCents: 10, taxClass: "liquor" },
        { amountCents: 10, taxClass: "liquor" },
        { amountCents: 999, taxClass: "zero" },
      ],
      0,
      BC,
    );
    expect(taxes).toEqual([
      { name: "GST", rateBps: 500, amountCents: 2 },
      { name: "PST", rateBps: 1000, amountCents: 2 },
    ]);
  });

  it("taxes the delivery fee as the goods it delivers; zero-rated goods carry none", () => {
    expect(computeTaxes([{ amountCents: 2000, taxClass: "zero" }], 500, BC)).toEqual([]);
    // $30 wine + $10 vegetables, $5.00 fee: 3.75 of it follows the wine.
    // GST: 150 + 19 (18.75) = 169; PST: 300 + 38 (37.5) = 338.
    expect(
      computeTaxes(
        [
          { amountCents: 3000, taxClass: "liquor" },
          { amountCents: 1000, taxClass: "zero" },
        ],
        500,
        BC,
      ),
    ).toEqual([
      { name: "GST", rateBps: 500, amountCents: 169 },
      { name: "PST", rateBps: 1000, amountCents: 338 },
    ]);
  });

  it("charges only the rates the order carries", () => {
    const gstOnly = BC.filter((r) => r.name === "GST");
    expect(computeTaxes([{ amountCents: 2000, taxClass: "liquor" }], 0, gstOnly)).toEqual([
      { name: "GST", rateBps: 500, amountCents: 100 },
    ]);
    expect(computeTaxes([{ amountCents: 2000, taxClass: "liquor" }], 0, [])).toEqual([]);
  });
});

describe("taxed orders", () => {
  let buyer: Awaited<ReturnType<typeof createUserWithSession>>;
  let vineyard: Awaited<ReturnType<typeof createFarmerWithSession>>;
  let wine: Awaited<ReturnType<typeof createProduct>>;
  let cider: Awaited<ReturnType<typeof createProduct>>;
  let grapes: Awaited<ReturnType<typeof createProduct>>;

  beforeEach(async () => {
    buyer = await createUserWithSession({ fullName: "Tess Taxpayer" });
    vineyard = await createFarmerWithSession({ farmName: "Bench Vineyard" });
    await setTaxNumbers(vineyard.farm.id, "123456789 RT0001", "PST-1234-5678");
    const farmId = vineyard.farm.id;
    wine = await createProduct(farmId, {
      name: "Pinot Gris",
      priceCents: 2399,
      taxClass: "liquor",
    });
    cider = await createProduct(farmId, {
      name: "Dry Cider",
      priceCents: 1205,
      taxClass: "liquor",
    });
    grapes = await createProduct(farmId, { name: "Table Grapes", priceCents: 450 });
    await topUp(buyer.cookie, 1000);
  });

  const order = (items: { productId: number; quantity: number }[], fulfilment?: object) =>
    call(ordersRoute.POST, "/api/orders", {
      body: { items, ...(fulfilment && { fulfilment }) },
      cookie: buyer.cookie,
    });

  it("charges GST and PST on liquor at a registered farm, none on produce", async () => {
    const before = await balanceCents(buyer.user.id);
    const res = await order([
      { productId: wine.id, quantity: 3 }, // 71.97: GST 3.60 (3.5985), PST 7.20 (7.197)
      { productId: grapes.id, quantity: 2 }, // 9.00, zero-rated
    ]);
    expect(res.status, res.text).toBe(201);
    const [o] = res.json.orders;
    expect(o.subtotal).toBe(80.97);
    expect(o.taxes).toEqual([
      { name: "GST", rate: 0.05, amount: 3.6 },
      { name: "PST", rate: 0.1, amount: 7.2 },
    ]);
    expect(o.totalAmount).toBe(91.77);
    expect(before - (await balanceCents(buyer.user.id))).toBe(9177);
    const lines = await db.orderItem.findMany({ where: { orderId: o.id }, orderBy: { id: "asc" } });
    expect(lines.map((l) => l.taxClass)).toEqual(["liquor", "zero"]);

    // The same order reads the same everywhere: the list and the detail.
    const list = await call(ordersRoute.GET, "/api/orders", { cookie: buyer.cookie });
    expect(list.json.find((x: { id: number }) => x.id === o.id)).toMatchObject({
      subtotal: 80.97,
      taxes: o.taxes,
      totalAmount: 91.77,
    });
  });

  it("a small supplier or an unregistered farm charges nothing; PST follows the PST number", async () => {
    await db.farm.update({
      where: { id: vineyard.farm.id },
      data: { gstNumber: null, smallSupplier: true },
    });
    const pstOnly = await order([{ productId: wine.id, quantity: 1 }]);
    expect(pstOnly.json.orders[0].taxes).toEqual([{ name: "PST", rate: 0.1, amount: 2.4 }]);
    expect(pstOnly.json.orders[0].totalAmount).toBe(26.39);

    await db.farm.update({ where: { id: vineyard.farm.id }, data: { pstNumber: null } });
    const none = await order([{ productId: wine.id, quantity: 1 }]);
    expect(none.json.orders[0]).toMatchObject({ subtotal: 23.99, taxes: [], totalAmount: 23.99 });
  });

  it("taxes the delivery fee with the goods, and edits and cancels move the tax to the cent", async () => {
    await createPickupAndDelivery(vineyard.farm.id); // delivery $5.00, free over $75
    const address = await db.address.create({
      data: {
        userId: buyer.user.id,
        label: "Home",
        line1: "1 Lakeshore Rd",
        city: "Kelowna",
        postalCode: "V1W 1A1",
      },
    });
    const slot = (await listSlots(vineyard.farm.id, 14)).find((s) => s.kind === "delivery")!;
    const before = await balanceCents(buyer.user.id);
    const res = await order([{ productId: cider.id, quantity: 2 }], {
      [vineyard.farm.id]: { slotId: slot.slotId, addressId: address.id },
    });
    expect(res.status, res.text).toBe(201);
    const o = res.json.orders[0];
    // 24.10 cider + 5.00 fee (all liquor): GST 1.21 + 0.25, PST 2.41 + 0.50.
    expect(o).toMatchObject({
      subtotal: 29.1,
      taxes: [
        { name: "GST", rate: 0.05, amount: 1.46 },
        { name: "PST", rate: 0.1, amount: 2.91 },
      ],
      totalAmount: 33.47,
    });

    // Add grapes: the fee is split 24.10 : 9.00 over the classes; grapes carry no tax.
    const edited = await patchOrder(buyer.cookie, o.id, [
      { productId: cider.id, quantity: 2 },
      { productId: grapes.id, quantity: 2 },
    ]);
    expect(edited.status, edited.text).toBe(200);
    // Fee 500 → liquor share floor(500·2410/3310) = 364 (+1 remainder to the larger class: 365).
    const gst = taxOf(2410, 500) + taxOf(365, 500);
    const pst = taxOf(2410, 1000) + taxOf(365, 1000);
    expect(edited.json.taxes).toEqual([
      { name: "GST", rate: 0.05, amount: gst / 100 },
      { name: "PST", rate: 0.1, amount: pst / 100 },
    ]);
    expect(edited.json.totalAmount).toBe((2410 + 900 + 500 + gst + pst) / 100);
    expect(before - (await balanceCents(buyer.user.id))).toBe(2410 + 900 + 500 + gst + pst);

    const cancelled = await call(cancelRoute.POST, `/api/orders/${o.id}/cancel`, {
      method: "POST",
      cookie: buyer.cookie,
      params: { id: String(o.id) },
    });
    expect(cancelled.status).toBe(200);
    expect(await balanceCents(buyer.user.id)).toBe(before);
  });

  it("a farm's adjustment moves the tax with the goods; the sale carries it, the commission does not", async () => {
    const res = await order([
      { productId: wine.id, quantity: 2 },
      { productId: grapes.id, quantity: 4 },
    ]);
    const o = res.json.orders[0];
    const item = await db.orderItem.findFirstOrThrow({
      where: { orderId: o.id, productId: wine.id },
    });
    const before = await balanceCents(buyer.user.id);
    // Wine up to 3 bottles: pending until the buyer accepts; the difference includes its tax.
    const card = await call(proposeRoute.POST, `/api/my-farm/orders/${o.id}/adjustments`, {
      body: { lines: [{ itemId: item.id, quantity: 3 }] },
      cookie: vineyard.cookie,
      params: { id: String(o.id) },
    });
    expect(card.status, card.text).toBe(201);
    const tax = (cents: number) => taxOf(cents, 500) + taxOf(cents, 1000);
    const delta = 2399 + tax(3 * 2399) - tax(2 * 2399);
    expect(card.json.delta).toBe(delta / 100);
    const accepted = await call(
      acceptRoute.POST,
      `/api/orders/${o.id}/adjustments/${card.json.id}/accept`,
      {
        method: "POST",
        cookie: buyer.cookie,
        params: { id: String(o.id), aid: String(card.json.id) },
      },
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect(before - (await balanceCents(buyer.user.id))).toBe(delta);
    const row = await db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(row.totalCents).toBe(3 * 2399 + 1800 + tax(3 * 2399));

    expect((await complete(vineyard.cookie, o.id)).status).toBe(200);
    const sale = await db.farmLedgerEntry.findUniqueOrThrow({
      where: { dedupeKey: `sale-${o.id}` },
    });
    const commission = await db.farmLedgerEntry.findUniqueOrThrow({
      where: { dedupeKey: `commission-${o.id}` },
    });
    expect(sale.amountCents).toBe(row.totalCents);
    // 8 % of the goods alone (71.97 + 18.00 = 89.97 → 7.20 (7.1976)).
    expect(commission.amountCents).toBe(-720);
    await expectFarmLedgerHolds([vineyard.farm.id]);
  });

  it(
    "property: after random edits, adjustments and cancels, lines + fee + taxes = total = what the wallet paid",
    {
      timeout: 120_000,
    },
    async () => {
      await createPickupAndDelivery(vineyard.farm.id);
      const slot = (await listSlots(vineyard.farm.id, 14)).find((s) => s.kind === "pickup")!;
      const products = [wine, cider, grapes];
      let seed = 20261127;
      const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
      const qty = () => 1 + Math.floor(rand() * 4);
      const rates = BC;

      async function newOrder() {
        const items = products
          .filter(() => rand() < 0.7)
          .map((p) => ({ productId: p.id, quantity: qty() }));
        const res = await order(items.length ? items : [{ productId: wine.id, quantity: 1 }], {
          [vineyard.farm.id]: { slotId: slot.slotId },
        });
        expect(res.status, res.text).toBe(201);
        return res.json.orders[0].id as number;
      }

      async function check(step: string) {
        for (const o of await db.order.findMany({
          where: { userId: buyer.user.id },
          include: { items: true, fulfilment: true },
        })) {
          const ledger = await db.transaction.aggregate({
            where: { userId: buyer.user.id, reference: `ORDER-${o.id}` },
            _sum: { amountCents: true },
          });
          const fee = o.fulfilment?.feeCents ?? 0;
          const lines = o.items.map((i) => ({
            amountCents: i.priceCents * i.quantity,
            taxClass: i.taxClass,
          }));
          const taxes = computeTaxes(lines, fee, rates);
          const goods = lines.reduce((s, l) => s + l.amountCents, 0);
          const stored = (o.taxes ?? []) as { amountCents: number }[];
          if (o.status === "cancelled") {
            expect(ledger._sum.amountCents ?? 0, `${step}: #${o.id} refunded`).toBe(0);
            continue;
          }
          expect(taxTotal(stored as never), `${step}: stored taxes of #${o.id}`).toBe(
            taxTotal(taxes),
          );
          expect(o.totalCents, `${step}: total of #${o.id}`).toBe(goods + fee + taxTotal(taxes));
          expect(-(ledger._sum.amountCents ?? 0), `${step}: paid for #${o.id}`).toBe(o.totalCents);
        }
      }

      let current = await newOrder();
      const counts: Record<string, number> = {};
      for (let step = 0; step < 40; step++) {
        const items = await db.orderItem.findMany({
          where: { orderId: current },
          orderBy: { id: "asc" },
        });
        const op = pick(["edit", "reduce", "substitute", "cancel"]);
        let status = 0;
        const id = String(current);
        if (op === "edit") {
          const lines = products
            .filter(() => rand() < 0.6)
            .map((p) => ({ productId: p.id, quantity: qty() }));
          if (lines.length) status = (await patchOrder(buyer.cookie, id, lines)).status;
        } else if (op === "reduce" || op === "substitute") {
          const item = pick(items);
          const line =
            op === "reduce"
              ? { itemId: item.id, quantity: Math.max(0, item.quantity - 1) }
              : { itemId: item.id, substituteProductId: pick(products).id };
          const card = await call(proposeRoute.POST, `/api/my-farm/orders/${id}/adjustments`, {
            body: { lines: [line] },
            cookie: vineyard.cookie,
            params: { id },
          });
          status = card.status;
          if (card.status === 201 && card.json.status === "pending")
            status = (
              await call(acceptRoute.POST, `/api/orders/${id}/adjustments/${card.json.id}/accept`, {
                method: "POST",
                cookie: buyer.cookie,
                params: { id, aid: String(card.json.id) },
              })
            ).status;
        } else {
          status = (
            await call(cancelRoute.POST, `/api/orders/${id}/cancel`, {
              method: "POST",
              cookie: buyer.cookie,
              params: { id },
            })
          ).status;
          current = await newOrder();
        }
        expect(status === 0 || (status >= 200 && status < 500), `${op} answered ${status}`).toBe(
          true,
        );
        counts[`${op} ${status}`] = (counts[`${op} ${status}`] ?? 0) + 1;
        await check(`step ${step} (${op} ${status})`);
      }
      // Orders in a slot complete on their day; the wallet's ledger is checked after each test.
      await expectFarmLedgerHolds([vineyard.farm.id]);
      expect(Object.keys(counts).some((k) => k === "edit 200")).toBe(true);
      expect(
        Object.keys(counts).some((k) => k === "substitute 200" || k === "substitute 201"),
      ).toBe(true);
    },
  );
});

describe("tax report (GET /api/my-farm/reports/tax)", () => {
  it("sums the taxes collected on the period's completed orders and the GST on the commission", async () => {
    const farmer = await createFarmerWithSession({ farmName: "Report Vineyard" });
    await setTaxNumbers(farmer.farm.id, "123456789 RT0001", "PST-1234-5678");
    const wine = await createProduct(farmer.farm.id, {
      name: "Merlot",
      priceCents: 2399,
      taxClass: "liquor",
    });
    const kale = await createProduct(farmer.farm.id, { name: "Kale", priceCents: 300 });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 200);
    const placed = await call(ordersRoute.POST, "/api/orders", {
      body: {
        items: [
          { productId: wine.id, quantity: 2 },
          { productId: kale.id, quantity: 1 },
        ],
      },
      cookie: buyer.cookie,
    });
    const id = placed.json.orders[0].id as number;
    expect((await complete(farmer.cookie, id)).status).toBe(200);

    const before = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const after = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const report = (query: string, cookie = farmer.cookie) =>
      call(taxReportRoute.GET, `/api/my-farm/reports/tax?${query}`, { cookie });
    const r = await report(`from=${before}&to=${after}`);
    expect(r.status, r.text).toBe(200);
    // 47.98 wine + 3.00 kale: GST 2.40, PST 4.80; commission 8 % of 50.98 = 4.08; GST on it 0.20.
    expect(r.json).toEqual({
      from: before,
      to: after,
      orders: 1,
      sales: 50.98,
      taxableSales: 50.98,
      taxes: [
        { name: "GST", rate: 0.05, amount: 2.4 },
        { name: "PST", rate: 0.1, amount: 4.8 },
      ],
      commission: 4.08,
      gstOnCommission: 0.2,
    });
    const empty = await report(`from=${before}&to=${before}`);
    expect(empty.json).toMatchObject({ orders: 0, taxes: [], commission: 0 });

    const bad = await report(`from=${after}&to=${before}`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors.to).toBe("from must not be after to");
    expect((await report("from=2026-13-01&to=2026-12-01")).status).toBe(400);
    const shopper = await createUserWithSession();
    expect((await report(`from=${before}&to=${after}`, shopper.cookie)).status).toBe(403);
  });
});

describe("the farm's tax numbers (My Farm → Farm profile)", () => {
  it("validates and normalises them; a registered farm is no small supplier", async () => {
    const farmer = await createFarmerWithSession({ farmName: "Numbers Farm" });
    const patch = (body: object) =>
      call(farmRoute.PATCH, "/api/my-farm", {
        method: "PATCH",
        body: { farmName: "Numbers Farm", description: "", location: "Naramata, BC", ...body },
        cookie: farmer.cookie,
      });
    const bad = await patch({ gstNumber: "12345", pstNumber: "PST-12" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["gstNumber", "pstNumber"]);
    const both = await patch({ gstNumber: "123456789RT0001", smallSupplier: true });
    expect(both.status).toBe(400);
    expect(both.json.errors.smallSupplier).toMatch(/not a small supplier/);

    const ok = await patch({ gstNumber: "123456789rt0001", pstNumber: "pst 1234 5678" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({
      gstNumber: "123456789 RT0001",
      smallSupplier: false,
      pstNumber: "PST-1234-5678",
    });
    const cleared = await patch({ gstNumber: "", smallSupplier: true, pstNumber: "" });
    expect(cleared.json).toMatchObject({ gstNumber: null, smallSupplier: true, pstNumber: null });
  });
});
