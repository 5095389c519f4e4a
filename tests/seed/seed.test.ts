import { beforeAll, describe, expect, it } from "vitest";
import { computeTaxes, ratesOf, taxTotal } from "@/lib/tax";
import { db } from "@/lib/server/platform/db";
import { verifyPassword } from "@/lib/server/auth/password";
import { isDatabaseEmpty, seed } from "@/prisma/seed";
import {
  CATEGORIES,
  DEMO_USER,
  FARMS,
  PARTNER_PASSWORD,
  RESTAURANTS,
} from "@/prisma/seed-data/catalog";
import { FOOD_ART } from "@/prisma/seed-data/food-art";
import { PACK_DAY_BUYER } from "@/prisma/seed-data/fulfilment";
import { expectHandoverDueToday } from "./due-today";
import fs from "node:fs";
import path from "node:path";

/** Row counts of every table the seed writes, plus the demo wallet. */
async function snapshot() {
  const demo = await db.user.findUnique({
    where: { email: DEMO_USER.email },
    include: { wallet: true },
  });
  return {
    users: await db.user.count(),
    farms: await db.farm.count(),
    categories: await db.category.count(),
    products: await db.product.count(),
    orders: await db.order.count(),
    orderItems: await db.orderItem.count(),
    orderEvents: await db.orderEvent.count(),
    messages: await db.message.count(),
    wallets: await db.wallet.count(),
    transactions: await db.transaction.count(),
    windows: await db.fulfilmentWindow.count(),
    pickupPoints: await db.pickupPoint.count(),
    zones: await db.deliveryZone.count(),
    addresses: await db.address.count(),
    handovers: await db.orderFulfilment.count(),
    standingOrders: await db.standingOrder.count(),
    demoPasswordHash: demo?.passwordHash,
    demoBalance: demo?.wallet?.balanceCents,
    demoWalletId: demo?.wallet?.walletId,
    productsDigest: (
      await db.product.findMany({
        orderBy: { id: "asc" },
        select: { id: true, name: true, priceCents: true, stock: true },
      })
    )
      .map((p) => `${p.id}:${p.name}:${p.priceCents}:${p.stock}`)
      .join("|"),
  };
}

const lines: string[] = [];
let first: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  expect(await isDatabaseEmpty(db)).toBe(true);
  await seed(db, { log: (l) => lines.push(l) });
  first = await snapshot();
});

describe("seed on an empty database", () => {
  it("is no longer empty and logged counts per entity", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(lines.join("\n")).toMatch(/categories: 6 \(6 new\)/);
    expect(lines.join("\n")).toMatch(/products: \d+ \(\d+ new\)/);
  });

  it("creates exactly the six spec categories with their icon names", async () => {
    const categories = await db.category.findMany({ orderBy: { id: "asc" } });
    expect(categories.map((c) => c.icon).sort()).toEqual([
      "beer",
      "drumstick-bite",
      "egg",
      "jar",
      "seedling",
      "wine-glass-alt",
    ]);
    expect(categories.map((c) => c.name)).toEqual(CATEGORIES.map((c) => c.name));
  });

  it("creates at least 12 farms, each owned by a farmer whose address is the farm location", async () => {
    const farms = await db.farm.findMany({ include: { user: true } });
    expect(farms.length).toBeGreaterThanOrEqual(12);
    expect(farms.length).toBe(FARMS.length);
    for (const f of farms) {
      expect(f.user.userType).toBe("farmer");
      expect(f.user.address).toBe(f.location);
      expect(f.rating).toBeGreaterThanOrEqual(3.8);
      expect(f.rating).toBeLessThanOrEqual(5);
      expect(f.reviewCount).toBeGreaterThan(0);
      expect(f.distance).toBeGreaterThanOrEqual(0.8);
      expect(f.distance).toBeLessThanOrEqual(25);
      expect(f.description.length).toBeGreaterThan(20);
      expect(f.location).toMatch(/, BC /);
      expect(f.farmImage).toMatch(/^\/images\/farms\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join("public", f.farmImage))).toBe(true);
    }
  });

  it("creates at least 80 products with prices, units, stock, flags and local images", async () => {
    const products = await db.product.findMany();
    expect(products.length).toBeGreaterThanOrEqual(80);
    for (const p of products) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.unit).not.toBe("");
      expect(p.categoryId).not.toBeNull();
      expect(p.inStock).toBe(p.stock > 0);
      expect(p.image).toMatch(/^\/images\/food\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join("public", p.image))).toBe(true);
    }
    expect(products.filter((p) => !p.inStock).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.isPopular).length).toBeGreaterThanOrEqual(8);
    // Every category has products to show.
    expect(new Set(products.map((p) => p.categoryId)).size).toBe(6);
  });

  it("every food illustration the catalog names exists on disk", () => {
    for (const slug of Object.keys(FOOD_ART))
      expect(fs.existsSync(`public/images/food/${slug}.svg`)).toBe(true);
  });

  it("creates restaurant users with addresses and a working shared password", async () => {
    // The food hub's distributor buys at restaurant prices too: restaurants are those approved as such.
    const restaurants = await db.user.findMany({
      where: { userType: "restaurant", businessAccount: { approvedAs: "restaurant" } },
    });
    expect(restaurants.length).toBe(RESTAURANTS.length);
    for (const r of restaurants) expect(r.address).toMatch(/Kelowna, BC/);
    expect(await verifyPassword(restaurants[0].passwordHash, PARTNER_PASSWORD)).toBe(true);
    const farmer = await db.user.findFirstOrThrow({ where: { userType: "farmer" } });
    expect(farmer.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(farmer.passwordHash, PARTNER_PASSWORD)).toBe(true);
  });

  it("creates the demo shopper with a password that verifies", async () => {
    const demo = await db.user.findUniqueOrThrow({ where: { email: "demo@fieldfare.app" } });
    expect(demo).toMatchObject({ username: "demo", fullName: "Jordan Rivera", userType: "user" });
    expect(demo.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(demo.passwordHash, "harvest-demo-2026")).toBe(true);
    expect(await verifyPassword(demo.passwordHash, "wrong-password")).toBe(false);
  });

  it("seeds Naramata Bench Vineyards registered for GST and PST, with a past taxed order", async () => {
    const farm = await db.farm.findFirstOrThrow({
      where: { farmName: "Naramata Bench Vineyards" },
      include: { products: true },
    });
    expect(farm).toMatchObject({ gstNumber: "801234567 RT0001", pstNumber: "PST-1234-5678" });
    expect(farm.products.find((p) => p.name === "Bench Dry Cider")?.taxClass).toBe("liquor");
    expect(farm.products.every((p) => p.taxClass === "liquor")).toBe(true);
    const taxed = await db.order.findFirstOrThrow({
      where: { farmId: farm.id, status: "completed", user: { email: DEMO_USER.email } },
      include: { items: true },
    });
    // Rosé 23.99 + 2 × 12.99 cider = 49.97: GST 1.20 + 1.30, PST 2.40 + 2.60.
    expect(taxed.taxes).toEqual([
      { name: "GST", rateBps: 500, amountCents: 250 },
      { name: "PST", rateBps: 1000, amountCents: 500 },
    ]);
    expect(taxed.totalCents).toBe(4997 + 750);
  });

  it("gives the demo wallet a balance equal to the sum of its ledger, with top-ups, payments and a refund", async () => {
    const demo = await db.user.findUniqueOrThrow({
      where: { email: DEMO_USER.email },
      include: { wallet: true },
    });
    expect(demo.wallet!.walletId).toMatch(/^FF-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const ledger = await db.transaction.findMany({ where: { userId: demo.id } });
    const sum = ledger.reduce((s, t) => s + t.amountCents, 0);
    expect(demo.wallet!.balanceCents).toBe(sum);
    expect(sum).toBeGreaterThan(0);
    expect(new Set(ledger.map((t) => t.type))).toEqual(new Set(["top_up", "order", "refund"]));
    expect(ledger.filter((t) => t.type === "refund")).toHaveLength(1);
    for (const t of ledger)
      expect(t.type === "order" ? t.amountCents < 0 : t.amountCents > 0).toBe(true);
  });

  it("gives the demo shopper active, completed and cancelled orders priced from the catalog", async () => {
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
    const orders = await db.order.findMany({
      where: { userId: demo.id },
      include: { items: { include: { product: true } }, events: true, farm: true },
    });
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(["active", "completed", "cancelled"]),
    );
    for (const o of orders) {
      expect(o.items.length).toBeGreaterThan(0);
      // Goods plus the taxes of a registered farm (Naramata Bench), rounded per line.
      const taxes = computeTaxes(
        o.items.map((i) => ({ amountCents: i.priceCents * i.quantity, taxClass: i.taxClass })),
        0,
        ratesOf(o.taxRates),
      );
      expect(o.totalCents).toBe(
        o.items.reduce((s, i) => s + i.priceCents * i.quantity, 0) + taxTotal(taxes),
      );
      expect(o.itemCount).toBe(o.items.reduce((s, i) => s + i.quantity, 0));
      for (const i of o.items) {
        expect(i.priceCents).toBe(i.product.priceCents);
        expect(i.productName).toBe(i.product.name);
        expect(i.product.farmId).toBe(o.farmId);
      }
      expect(o.isPaid).toBe(true);
      expect(o.checkoutRef).not.toBe("");
      expect(o.distanceKm).toBeCloseTo(o.farm.distance * 1.609344, 0);
      const statuses = o.events.sort((a, b) => +a.createdAt - +b.createdAt).map((e) => e.status);
      expect(statuses[0]).toBe("active");
      expect(statuses[statuses.length - 1]).toBe(o.status);
      if (o.status === "completed") expect(o.completedAt).not.toBeNull();
      if (o.status === "cancelled") expect(o.cancelledAt).not.toBeNull();
    }
    // One checkout may span several farms: those orders share a checkoutRef.
    const refs = orders.map((o) => o.checkoutRef);
    expect(new Set(refs).size).toBeLessThan(refs.length);
  });

  it("gives the demo shopper conversations with several farmers, some unread", async () => {
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
    const messages = await db.message.findMany({
      where: { OR: [{ senderId: demo.id }, { receiverId: demo.id }] },
      include: { sender: true, receiver: true },
    });
    const partners = new Set(
      messages.map((m) => (m.senderId === demo.id ? m.receiverId : m.senderId)),
    );
    expect(partners.size).toBeGreaterThanOrEqual(3);
    for (const m of messages)
      expect((m.senderId === demo.id ? m.receiver : m.sender).userType).toBe("farmer");
    expect(
      messages.filter((m) => m.receiverId === demo.id && !m.isRead).length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe("seeded fulfilment", () => {
  it("most farms sell in windows (market pickup, farm gate, mid-week delivery with zones); Westbank Cellars keeps none", async () => {
    const farms = await db.farm.findMany({
      include: { windows: true, deliveryZones: true, pickupPoints: true },
    });
    const withWindows = farms.filter((f) => f.windows.length > 0);
    expect(withWindows.length).toBeGreaterThanOrEqual(12);
    expect(farms.find((f) => f.farmName === "Westbank Cellars")?.windows).toEqual([]);
    expect(
      farms.filter((f) => f.windows.some((w) => w.kind === "delivery")).length,
    ).toBeGreaterThanOrEqual(8);
    for (const f of withWindows) {
      expect(f.timeZone).toBe("America/Vancouver");
      for (const w of f.windows)
        if (w.kind === "pickup") expect(f.pickupPoints.map((p) => p.id)).toContain(w.pickupPointId);
      if (f.windows.some((w) => w.kind === "delivery"))
        expect(f.deliveryZones.map((z) => z.name).sort()).toEqual([
          "Kelowna",
          "Lake Country",
          "West Kelowna",
        ]);
    }
    expect(
      farms.some((f) =>
        f.pickupPoints.some((p) => p.name === "Kelowna Farmers' & Crafters' Market"),
      ),
    ).toBe(true);
    expect(farms.some((f) => f.minimumOrderCents > 0)).toBe(true);
  });

  it("the demo shopper has an address book and active orders with a pickup and a delivery still open to changes", async () => {
    const demo = await db.user.findUniqueOrThrow({
      where: { email: DEMO_USER.email },
      include: { addresses: true },
    });
    expect(demo.addresses.map((a) => [a.label, a.postalCode, a.isDefault])).toEqual(
      expect.arrayContaining([
        ["Home", "V1V 1V7", true],
        ["Work", "V1Y 6N2", false],
      ]),
    );
    const handovers = await db.orderFulfilment.findMany({
      where: { order: { userId: demo.id, status: "active" } },
    });
    expect(handovers.map((h) => h.kind).sort()).toEqual(["delivery", "pickup", "pickup"]);
    for (const h of handovers) expect(h.cutoffAt.getTime()).toBeGreaterThan(Date.now());
    const delivery = handovers.find((h) => h.kind === "delivery")!;
    expect([delivery.deliveryAddress, delivery.postalCode]).toEqual([
      "3333 University Way, Kelowna",
      "V1V 1V7",
    ]);
    const booked = await db.fulfilmentSlot.aggregate({ _sum: { booked: true } });
    // Each active order with a slot holds one place: the demo's three, the pack days' five.
    expect(booked._sum.booked).toBe(3 + 5);
  });
});

describe("seeded adjustment", () => {
  it("the demo shopper's conversation with Winfield Creamery holds a pending card: cheddar for the butter, nothing paid yet", async () => {
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
    const [card] = await db.orderAdjustment.findMany({
      where: { buyerId: demo.id },
      include: { message: true },
    });
    expect(card).toMatchObject({
      status: "pending",
      note: expect.stringContaining("aged cheddar"),
    });
    expect(card.message).toMatchObject({ kind: "adjustment", receiverId: demo.id, isRead: false });
    expect(card.message!.content).toContain("proposes a change to order");
    expect(await db.transaction.count({ where: { userId: demo.id, type: "adjustment" } })).toBe(0);
  });
});

describe("seeded standing order", () => {
  it("Bench Bistro repeats a Saturday market pickup every week, tied to a live window, with a wallet to pay it", async () => {
    const olivia = await db.user.findUniqueOrThrow({
      where: { email: RESTAURANTS[0].email },
      include: { wallet: true },
    });
    const [standing] = await db.standingOrder.findMany({
      where: { userId: olivia.id },
      include: { farm: { include: { windows: true } } },
    });
    expect(standing).toMatchObject({ status: "active", kind: "pickup", weekday: 6, everyWeeks: 1 });
    expect(
      standing.farm.windows.some(
        (w) =>
          w.kind === "pickup" &&
          w.weekday === 6 &&
          w.pickupPointId === standing.pickupPointId &&
          !w.archived,
      ),
    ).toBe(true);
    const items = standing.items as { productId: number; quantity: number; priceCents: number }[];
    expect(items.length).toBeGreaterThan(0);
    // Each line keeps the price it was set up at (docs/restaurants.md, "Agreed prices").
    expect(items.every((i) => Number.isInteger(i.priceCents) && i.priceCents > 0)).toBe(true);
    expect(standing.nextDueAt.getTime()).toBeGreaterThan(Date.now());
    expect(olivia.wallet?.balanceCents).toBeGreaterThan(0);
  });

  it('its next Saturday holds its stock: the catalog sells only what is free (docs/restaurants.md, "Reserved stock")', async () => {
    const olivia = await db.user.findUniqueOrThrow({ where: { email: RESTAURANTS[0].email } });
    const [standing] = await db.standingOrder.findMany({ where: { userId: olivia.id } });
    expect(new Date(`${standing.nextDate}T12:00:00Z`).getUTCDay()).toBe(6);
    const items = standing.items as { productId: number; quantity: number }[];
    const holds = await db.stockReservation.findMany({
      where: { standingOrderId: standing.id },
      include: { product: true },
      orderBy: { productId: "asc" },
    });
    expect(holds.map((h) => [h.productId, h.localDate, h.quantity])).toEqual(
      [...items]
        .sort((a, b) => a.productId - b.productId)
        .map((i) => [i.productId, standing.nextDate, i.quantity]),
    );
    for (const h of holds) {
      // Only this standing order holds these products in the demo.
      expect(h.product.reserved).toBe(h.quantity);
      expect(h.product.inStock).toBe(h.product.stock - h.product.reserved > 0);
    }
  });
});

describe("seeded pay on account", () => {
  it("Bench Bistro has credit at its standing order's farm and an overdue statement of two orders on account, adding up, to be paid", async () => {
    const olivia = await db.user.findUniqueOrThrow({ where: { email: RESTAURANTS[0].email } });
    const [standing] = await db.standingOrder.findMany({ where: { userId: olivia.id } });
    const line = await db.creditLine.findUniqueOrThrow({
      where: { farmId_buyerId: { farmId: standing.farmId, buyerId: olivia.id } },
    });
    expect(line.limitCents).toBeGreaterThan(0);
    const [statement] = await db.statement.findMany({
      where: { buyerId: olivia.id },
      include: { orders: true },
    });
    expect(statement.farmId).toBe(standing.farmId);
    expect(statement.paidAt).toBeNull();
    expect(statement.orders).toHaveLength(2);
    for (const o of statement.orders)
      expect([o.payment, o.status, o.isPaid]).toEqual(["account", "completed", false]);
    const items = await db.orderItem.findMany({
      where: { orderId: { in: statement.orders.map((o) => o.id) } },
    });
    expect(items.reduce((s, i) => s + i.priceCents * i.quantity, 0)).toBe(
      statement.orders.reduce((s, o) => s + o.totalCents, 0),
    );
    expect(statement.period < new Date().toISOString().slice(0, 7)).toBe(true);
    expect(statement.dueDate < new Date().toISOString().slice(0, 10)).toBe(true);
    // No ledger row for orders on account: the one "order" row is last week's, paid from the wallet.
    const rows = await db.transaction.findMany({ where: { userId: olivia.id, type: "order" } });
    const lastWeek = await db.order.findFirstOrThrow({
      where: { userId: olivia.id, checkoutRef: "CO-SEEDLASTWEEK" },
      include: { items: { include: { product: true } } },
    });
    expect(rows.map((r) => [r.reference, r.amountCents, r.timestamp])).toEqual([
      [`ORDER-${lastWeek.id}`, -lastWeek.totalCents, lastWeek.createdAt],
    ]);
    // Last week's order, for "Order again": handed over, in whole cases, at the same farm.
    expect([lastWeek.farmId, lastWeek.status, lastWeek.isPaid, lastWeek.payment]).toEqual([
      standing.farmId,
      "completed",
      true,
      "wallet",
    ]);
    const ago = Date.now() - lastWeek.createdAt.getTime();
    expect(ago).toBeGreaterThan(6 * 86_400_000);
    expect(ago).toBeLessThan(8 * 86_400_000);
    for (const i of lastWeek.items) expect(i.quantity % i.product.caseSize).toBe(0);
    const wallet = await db.wallet.findUniqueOrThrow({ where: { userId: olivia.id } });
    const ledger = await db.transaction.aggregate({
      where: { userId: olivia.id },
      _sum: { amountCents: true },
    });
    expect(wallet.balanceCents).toBe(ledger._sum.amountCents);
  });
});

describe("seeded restaurant trade", () => {
  it("most farms give most products a restaurant price under retail and a case size; the restaurants have approved business accounts", async () => {
    const products = await db.product.findMany({
      select: { priceCents: true, restaurantPriceCents: true, caseSize: true },
    });
    const wholesale = products.filter((p) => p.restaurantPriceCents !== null);
    expect(wholesale.length / products.length).toBeGreaterThan(0.6);
    for (const p of wholesale) {
      expect(p.restaurantPriceCents!).toBeLessThan(p.priceCents);
      expect(p.caseSize).toBeGreaterThan(1);
    }
    const accounts = await db.businessAccount.findMany({
      include: { user: { select: { email: true, userType: true } } },
    });
    expect(accounts.map((a) => [a.user.email, a.user.userType, a.status])).toEqual(
      expect.arrayContaining(RESTAURANTS.map((r) => [r.email, "restaurant", "approved"])),
    );
    expect(accounts.map((a) => a.companyName)).toEqual(
      expect.arrayContaining([
        "Bench Bistro",
        "Lakeside Grill",
        "The Harvest Table",
        "Mission Kitchen",
      ]),
    );
  });
});

describe("seed idempotency", () => {
  it("the README farmers have an order on each of their next two handover days, paid from a wallet that adds up", async () => {
    for (const email of [
      "margaret.chen@farms.fieldfare.app",
      "daniel.okafor@farms.fieldfare.app",
    ]) {
      const farm = await db.farm.findFirstOrThrow({ where: { user: { email } } });
      const handovers = await db.orderFulfilment.findMany({
        where: {
          farmId: farm.id,
          order: { status: "active", user: { email: PACK_DAY_BUYER } },
        },
        include: { order: { include: { items: true } } },
        orderBy: { startsAt: "asc" },
      });
      // Sunny Slope's all-day stand adds one due today, before the next two days.
      const ahead = handovers.filter((h) => h.startsAt.getTime() > Date.now());
      expect(handovers.length - ahead.length).toBe(email.startsWith("margaret") ? 1 : 0);
      expect(ahead).toHaveLength(2);
      expect(new Set(handovers.map((h) => h.localDate)).size).toBe(handovers.length);
      for (const h of handovers) {
        expect(h.kind).toBe("pickup");
        expect(h.order.totalCents).toBe(
          h.order.items.reduce((s, i) => s + i.priceCents * i.quantity, 0),
        );
      }
      expect(handovers[0].order.items).toHaveLength(2);
    }
    const buyer = await db.user.findUniqueOrThrow({
      where: { email: PACK_DAY_BUYER },
      include: { wallet: true, transactions: true },
    });
    expect(buyer.wallet?.balanceCents).toBe(
      buyer.transactions.reduce((s, t) => s + t.amountCents, 0),
    );
    expect(buyer.transactions.filter((t) => t.type === "order")).toHaveLength(5);
  });

  it("running the seed again changes nothing", async () => {
    const again: string[] = [];
    await seed(db, { log: (l) => again.push(l) });
    expect(await snapshot()).toEqual(first);
    expect(again.join("\n")).not.toMatch(/\([1-9]\d* new/);
  });

  it("leaves a farmer's own edits alone", async () => {
    const product = await db.product.findFirstOrThrow({ where: { name: "Honeycrisp Apples" } });
    await db.product.update({ where: { id: product.id }, data: { priceCents: 399, stock: 7 } });
    await seed(db);
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      priceCents: 399,
      stock: 7,
    });
    expect(await db.product.count()).toBe(first.products);
  });
});

describe("seeded ops demo: waitlist rows and a wallet on hold", () => {
  it("a synced and a failed waitlist row and a demo request in the Sheets outbox; one wallet on hold from a dispute, balance = Σ ledger", async () => {
    const rows = await db.sheetsOutbox.findMany({
      where: { submissionId: { startsWith: "SEED-" } },
      orderBy: { submissionId: "asc" },
    });
    expect(rows.map((r) => [r.submissionId, r.source, r.status, r.lastError !== null])).toEqual([
      ["SEED-DM-0001", "demo", "pending", false],
      ["SEED-WL-0001", "waitlist", "synced", false],
      ["SEED-WL-0002", "waitlist", "failed", true],
    ]);
    expect(await db.demoRequest.count({ where: { submissionId: "SEED-DM-0001" } })).toBe(1);
    const liam = await db.user.findUniqueOrThrow({
      where: { email: "liam.brooks@example.com" },
      include: { wallet: true, transactions: true, walletHolds: true },
    });
    expect(liam.wallet?.onHold).toBe(true);
    expect(liam.walletHolds.map((h) => [h.stripeId, h.amountCents, h.releasedAt])).toEqual([
      ["dp_seed_liam", 4000, null],
    ]);
    expect(liam.wallet?.balanceCents).toBe(
      liam.transactions.reduce((s, t) => s + t.amountCents, 0),
    );
  });
});

// Last: handing the order over writes rows the idempotency checks above count.
describe("the farmer's morning right after start", () => {
  it("Margaret's farm has a handover due today, ready to hand over", async () => {
    await expectHandoverDueToday(new Date());
  });
});

describe("seeded farm shares", () => {
  it("Lakeview Heights Gardens offers two plans; the weekly box is published with the demo shopper's swap, Ava prepaid, Noah paused", async () => {
    const plans = await db.sharePlan.findMany({
      where: { farm: { farmName: "Lakeview Heights Gardens" } },
      include: { boxes: true, memberships: { include: { user: true, boxes: true } } },
      orderBy: { id: "asc" },
    });
    expect(plans.map((p) => [p.name, p.memberCount])).toEqual([
      ["Weekly harvest box", 3],
      ["Fortnightly melon & corn box", 1],
    ]);
    const [veg] = plans;
    expect(veg.boxes.map((b) => [b.localDate, b.publishedAt !== null])).toEqual([
      [veg.seasonStart, true],
    ]);
    // Two days or more to swap and skip before the first box's cutoff, whatever day it is.
    expect(veg.boxes[0].dueAt.getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 120_000);
    const by = new Map(veg.memberships.map((m) => [m.user.fullName, m]));
    expect(by.get("Jordan Rivera")!.boxes[0].swaps).toHaveLength(1);
    const ava = by.get("Ava Thompson")!;
    expect(ava.payment).toBe("season");
    expect(ava.prepaidCents).toBe(ava.boxesLeft * veg.boxPriceCents);
    // Her never-item is one of the box's items, so the first swap option takes its place.
    const items = veg.boxes[0].items as { productId: number }[];
    expect(ava.never).toHaveLength(1);
    expect(items.map((i) => i.productId)).toContain(ava.never[0]);
    const rows = await db.shareLedgerEntry.aggregate({
      where: { membershipId: ava.id },
      _sum: { amountCents: true },
    });
    expect(rows._sum.amountCents).toBe(ava.prepaidCents);
    expect(by.get("Noah Patel")).toMatchObject({ status: "paused" });
    // Jordan's and Ava's boxes hold their stock; Noah's (paused) holds none.
    const holds = await db.stockReservation.groupBy({
      by: ["shareMembershipId"],
      where: { shareMembershipId: { in: veg.memberships.map((m) => m.id) } },
    });
    expect(holds.map((h) => h.shareMembershipId).sort()).toEqual(
      [by.get("Jordan Rivera")!.id, ava.id].sort(),
    );
  });
});

describe("seeded food hub", () => {
  it("Okanagan Food Hub is run by an approved distributor, with two suppliers on terms and one invited", async () => {
    const owner = await db.user.findUniqueOrThrow({
      where: { email: "mira.santos@hubs.fieldfare.app" },
      include: {
        businessAccount: true,
        hub: { include: { suppliers: { include: { farm: true }, orderBy: { id: "asc" } } } },
      },
    });
    expect(owner.businessAccount).toMatchObject({ status: "approved", approvedAs: "distributor" });
    expect(owner.hub?.name).toBe("Okanagan Food Hub");
    expect(
      owner.hub!.suppliers.map((s) => [s.farm.farmName, s.status, s.wholesaleDiscountBps]),
    ).toEqual([
      ["Lake Country Heritage Farm", "active", 1_500],
      ["Rutland Roots Market Garden", "active", 1_000],
      ["Okanagan Mission Mushroom Co.", "invited", null],
    ]);
  });
});
