import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { stockOf } from "../support/orders";
import { itemsOf } from "../support/order-json";
import * as ordersRoute from "@/app/api/orders/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";

checkLedgerAfterEach();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
let farmA: Awaited<ReturnType<typeof createFarm>>["farm"];
let farmB: Awaited<ReturnType<typeof createFarm>>["farm"];
let carrots: Awaited<ReturnType<typeof createProduct>>;
let kale: Awaited<ReturnType<typeof createProduct>>;
let eggs: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Olive Order" });
  ({ farm: farmA } = await createFarm({ farmName: "Green Acres", distance: 3.2 }));
  ({ farm: farmB } = await createFarm({ farmName: "Sunny Hen", distance: 10 }));
  carrots = await createProduct(farmA.id, { name: "Carrots", priceCents: 349, stock: 20 });
  kale = await createProduct(farmA.id, { name: "Kale", priceCents: 275, stock: 5 });
  eggs = await createProduct(farmB.id, { name: "Eggs", priceCents: 650, stock: 12 });
  await topUp(me.cookie, 100);
});

describe("POST /api/orders", () => {
  it("splits the cart into one order per farm, priced by the server, and debits the wallet", async () => {
    const res = await placeOrder(me.cookie, [
      { productId: carrots.id, quantity: 2, price: 0.01 },
      { productId: eggs.id, quantity: 1, price: 0.01, totalAmount: 0 },
      { productId: kale.id, quantity: 3 },
    ]);
    expect(res.status).toBe(201);
    const { orders, wallet } = res.json;
    expect(orders).toHaveLength(2);
    const [a, b] = orders;
    expect(a).toMatchObject({
      farm: { id: farmA.id, farmName: "Green Acres" },
      status: "active",
      isPaid: true,
      itemCount: 5,
      totalAmount: 15.23,
      distance: 5.1,
    });
    expect(itemsOf(a)).toEqual([
      ["Carrots", 2, 3.49],
      ["Kale", 3, 2.75],
    ]);
    expect(b).toMatchObject({
      farm: { id: farmB.id, farmName: "Sunny Hen" },
      itemCount: 1,
      totalAmount: 6.5,
      distance: 16.1,
    });
    expect(a.checkoutRef).toBe(b.checkoutRef);
    expect(wallet).toMatchObject({ balance: 100 - 15.23 - 6.5, currency: "USD" });
    expect(await balanceCents(me.user.id)).toBe(10000 - 1523 - 650);
    expect(await stockOf(carrots.id)).toBe(18);
    expect(await stockOf(kale.id)).toBe(2);
    expect(await stockOf(eggs.id)).toBe(11);

    const ledger = await db.transaction.findMany({
      where: { userId: me.user.id, type: "order" },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((t) => [t.amountCents, t.reference])).toEqual([
      [-1523, `ORDER-${a.id}`],
      [-650, `ORDER-${b.id}`],
    ]);
    const events = await db.orderEvent.findMany({ where: { orderId: a.id } });
    expect(events.map((e) => [e.status, e.note])).toEqual([["active", "Paid from wallet"]]);

    // The stored rows are what the answer says, and the outbox holds each order's two emails.
    const stored = await db.order.findMany({
      where: { userId: me.user.id },
      include: { items: { orderBy: { id: "asc" } } },
      orderBy: { id: "asc" },
    });
    expect(
      stored.map((o) => [
        o.id,
        o.farmId,
        o.totalCents,
        o.itemCount,
        o.distanceKm,
        o.payment,
        o.isPaid,
        o.checkoutRef,
        o.createdAt.toISOString(),
      ]),
    ).toEqual(
      orders.map(
        (o: {
          id: number;
          farmId: number;
          totalAmount: number;
          itemCount: number;
          distance: number;
          checkoutRef: string;
          createdAt: string;
        }) => [
          o.id,
          o.farmId,
          Math.round(o.totalAmount * 100),
          o.itemCount,
          o.distance,
          "wallet",
          true,
          o.checkoutRef,
          o.createdAt,
        ],
      ),
    );
    expect(
      stored.flatMap((o) =>
        o.items.map((i) => [i.orderId, i.productId, i.productName, i.quantity, i.priceCents]),
      ),
    ).toEqual([
      [a.id, carrots.id, "Carrots", 2, 349],
      [a.id, kale.id, "Kale", 3, 275],
      [b.id, eggs.id, "Eggs", 1, 650],
    ]);
    expect(a.items.map((i: { id: number }) => i.id)).toEqual(stored[0].items.map((i) => i.id));
    const outbox = await db.notification.findMany({
      where: {
        OR: [{ dedupeKey: { endsWith: `:${a.id}` } }, { dedupeKey: { endsWith: `:${b.id}` } }],
      },
      orderBy: { id: "asc" },
    });
    expect(outbox.map((n) => [n.userId, n.kind, n.payload, n.dedupeKey, n.status])).toEqual([
      [me.user.id, "order_placed", { orderId: a.id }, `order_placed:${a.id}`, "pending"],
      [farmA.userId, "order_received", { orderId: a.id }, `order_received:${a.id}`, "pending"],
      [me.user.id, "order_placed", { orderId: b.id }, `order_placed:${b.id}`, "pending"],
      [farmB.userId, "order_received", { orderId: b.id }, `order_received:${b.id}`, "pending"],
    ]);
  });

  it("merges repeated lines for one product", async () => {
    const res = await placeOrder(me.cookie, [
      { productId: carrots.id, quantity: 1 },
      { productId: carrots.id, quantity: 2 },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.orders[0].items).toHaveLength(1);
    expect(res.json.orders[0].itemCount).toBe(3);
    expect(await stockOf(carrots.id)).toBe(17);
  });

  it("marks a product out of stock when its last unit sells", async () => {
    expect((await placeOrder(me.cookie, [{ productId: kale.id, quantity: 5 }])).status).toBe(201);
    const p = await db.product.findUniqueOrThrow({ where: { id: kale.id } });
    expect([p.stock, p.inStock]).toEqual([0, false]);
    const again = await placeOrder(me.cookie, [{ productId: kale.id, quantity: 1 }]);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("Kale is out of stock");
  });

  async function expectNothingWritten() {
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
    expect(await balanceCents(me.user.id)).toBe(10000);
    expect(await stockOf(carrots.id)).toBe(20);
    expect(await stockOf(kale.id)).toBe(5);
    expect(await stockOf(eggs.id)).toBe(12);
  }

  // Each refusal answers 409 with its message and leaves orders, wallet and stock untouched.
  for (const { title, items, message } of [
    {
      title: "refuses with 409 'Insufficient balance' and writes nothing",
      items: () => [
        { productId: carrots.id, quantity: 4 },
        { productId: eggs.id, quantity: 12 },
        { productId: kale.id, quantity: 5 },
      ],
      message:
        "Insufficient balance: this checkout costs $105.71 but your wallet holds $100.00. Top up your wallet and try again.",
    },
    {
      title: "refuses when the total exceeds the balance, naming both",
      items: () => [
        { productId: eggs.id, quantity: 12 },
        { productId: carrots.id, quantity: 20 },
      ],
      message: expect.stringMatching(
        /^Insufficient balance: this checkout costs \$147\.80 but your wallet holds \$100\.00/,
      ),
    },
    {
      title: "refuses more than the stock and writes nothing",
      items: () => [
        { productId: carrots.id, quantity: 1 },
        { productId: kale.id, quantity: 6 },
      ],
      message: "Only 5 lb of Kale left in stock",
    },
  ]) {
    it(title, async () => {
      const res = await placeOrder(me.cookie, items());
      expect(res.status).toBe(409);
      expect(res.json.message).toEqual(message);
      await expectNothingWritten();
    });
  }

  it("refuses a hidden product (409) and an unknown one (404), writing nothing", async () => {
    const hidden = await createProduct(farmA.id, { name: "Old Beets", isHidden: true });
    const h = await placeOrder(me.cookie, [
      { productId: carrots.id, quantity: 1 },
      { productId: hidden.id, quantity: 1 },
    ]);
    expect(h.status).toBe(409);
    expect(h.json.message).toBe("Old Beets is no longer available");
    const u = await placeOrder(me.cookie, [
      { productId: carrots.id, quantity: 1 },
      { productId: 987654, quantity: 1 },
    ]);
    expect(u.status).toBe(404);
    expect(u.json.message).toBe("Product 987654 was not found");
    await expectNothingWritten();
  });

  const invalid: [string, unknown, string][] = [
    ["an empty cart", [], "Your cart is empty"],
    ["no items", undefined, "Your cart is empty"],
    ["items not a list", "carrots", "Your cart is empty"],
    [
      "quantity 0",
      [{ productId: 1, quantity: 0 }],
      "Quantity must be a whole number from 1 to 999",
    ],
    [
      "quantity -1",
      [{ productId: 1, quantity: -1 }],
      "Quantity must be a whole number from 1 to 999",
    ],
    [
      "quantity 1.5",
      [{ productId: 1, quantity: 1.5 }],
      "Quantity must be a whole number from 1 to 999",
    ],
    [
      "a huge quantity",
      [{ productId: 1, quantity: 1e12 }],
      "Quantity must be a whole number from 1 to 999",
    ],
    [
      "a quantity string",
      [{ productId: 1, quantity: "2" }],
      "Quantity must be a whole number from 1 to 999",
    ],
    ["a product id string", [{ productId: "abc", quantity: 1 }], "Unknown product"],
    ["a negative product id", [{ productId: -3, quantity: 1 }], "Unknown product"],
    [
      "51 lines",
      Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 })),
      "A checkout can hold at most 50 different products",
    ],
  ];
  it.each(invalid)("refuses %s with 400", async (_name, items, message) => {
    const res = await placeOrder(me.cookie, items);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    await expectNothingWritten();
  });

  it("replays a repeated Idempotency-Key: the same answer, one set of orders, one debit", async () => {
    const items = [{ productId: carrots.id, quantity: 2 }];
    const first = await placeOrder(me.cookie, items, "checkout-1");
    const second = await placeOrder(me.cookie, items, "checkout-1");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(1);
    expect(await db.transaction.count({ where: { userId: me.user.id, type: "order" } })).toBe(1);
    expect(await stockOf(carrots.id)).toBe(18);
  });

  it("answers 409 when the key is reused for a different cart", async () => {
    expect(
      (await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 2 }], "checkout-2")).status,
    ).toBe(201);
    const res = await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 3 }], "checkout-2");
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/Idempotency-Key/);
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(1);
  });

  it("caps a product repeated in one cart once its lines are merged (400, nothing written)", async () => {
    const big = await createProduct(farmA.id, { priceCents: 1, stock: 900_000 });
    const res = await placeOrder(
      me.cookie,
      Array.from({ length: 50 }, () => ({ productId: big.id, quantity: 999 })),
    );
    expect([res.status, res.json.code]).toEqual([400, "validation"]);
    expect(res.json.message).toBe(
      `You can order at most 999 of one product; product ${big.id} adds up to 1998`,
    );
    expect(res.json.errors.items).toBe(res.json.message);
    const two = await placeOrder(me.cookie, [
      { productId: big.id, quantity: 500 },
      { productId: big.id, quantity: 500 },
    ]);
    expect(two.status).toBe(400);
    expect(await stockOf(big.id)).toBe(900_000);
    await expectNothingWritten();
  });

  it("bounds the total before any arithmetic: 50 lines of 999 at $10,000 is a 400, not a 32-bit overflow", async () => {
    const dear = await Promise.all(
      Array.from({ length: 50 }, () =>
        createProduct(farmA.id, { priceCents: 1_000_000, stock: 1_000_000 }),
      ),
    );
    const res = await placeOrder(
      me.cookie,
      dear.map((p) => ({ productId: p.id, quantity: 999 })),
    );
    expect([res.status, res.json.code]).toEqual([400, "validation"]);
    expect(res.json.message).toBe(
      "A checkout can cost at most $1,000,000.00; this one costs $499,500,000.00",
    );
    // Just over the bound on one line: still a 400 (a wallet could never hold it anyway).
    const one = await placeOrder(me.cookie, [{ productId: dear[0].id, quantity: 101 }]);
    expect(one.status).toBe(400);
    await expectNothingWritten();
  });

  it("lets the same key succeed after a refused attempt (a refusal stores nothing)", async () => {
    // $102.65 against $100 (within the hoarding cap: at most 10 of each here).
    const items = [
      { productId: eggs.id, quantity: 10 },
      { productId: carrots.id, quantity: 10 },
      { productId: kale.id, quantity: 1 },
    ];
    const refused = await placeOrder(me.cookie, items, "checkout-3");
    expect([refused.status, refused.json.code]).toEqual([409, "insufficient_funds"]);
    await topUp(me.cookie, 50);
    expect((await placeOrder(me.cookie, items, "checkout-3")).status).toBe(201);
  });

  it("answers 401 signed out", async () => {
    expect((await placeOrder("", [{ productId: carrots.id, quantity: 1 }])).status).toBe(401);
  });
});

describe("GET /api/orders", () => {
  it("lists my orders newest first, filtered by status", async () => {
    const first = await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 1 }]);
    const second = await placeOrder(me.cookie, [{ productId: eggs.id, quantity: 1 }]);
    const other = await createUserWithSession();
    await topUp(other.cookie, 10);
    await placeOrder(other.cookie, [{ productId: eggs.id, quantity: 1 }]);

    const all = await call(ordersRoute.GET, "/api/orders", { cookie: me.cookie });
    expect(all.status).toBe(200);
    expect(all.json.map((o: { id: number }) => o.id)).toEqual([
      second.json.orders[0].id,
      first.json.orders[0].id,
    ]);
    const active = await call(ordersRoute.GET, "/api/orders?status=active", { cookie: me.cookie });
    expect(active.json).toHaveLength(2);
    expect(active.json[0]).toMatchObject({
      farm: { farmName: "Sunny Hen" },
      itemCount: 1,
      distance: 16.1,
      totalAmount: 6.5,
      status: "active",
      isPaid: true,
    });
    expect(
      (await call(ordersRoute.GET, "/api/orders?status=completed", { cookie: me.cookie })).json,
    ).toEqual([]);
    expect(
      (await call(ordersRoute.GET, "/api/orders?status=cancelled", { cookie: me.cookie })).json,
    ).toEqual([]);
  });

  it("answers 400 on a bad status and 401 signed out", async () => {
    const bad = await call(ordersRoute.GET, "/api/orders?status=shipped", { cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("status must be active, completed or cancelled");
    expect((await call(ordersRoute.GET, "/api/orders")).status).toBe(401);
  });

  it("shows one order's detail with its status history, and 404 for someone else's", async () => {
    const placed = await placeOrder(me.cookie, [{ productId: carrots.id, quantity: 2 }]);
    const id = String(placed.json.orders[0].id);
    const detail = await call(orderRoute.GET, `/api/orders/${id}`, {
      cookie: me.cookie,
      params: { id },
    });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: Number(id),
      items: [{ productName: "Carrots", quantity: 2, price: 3.49, subtotal: 6.98 }],
      events: [{ status: "active", note: "Paid from wallet" }],
    });
    const other = await createUserWithSession();
    expect(
      (await call(orderRoute.GET, `/api/orders/${id}`, { cookie: other.cookie, params: { id } }))
        .status,
    ).toBe(404);
    expect(
      (await call(orderRoute.GET, `/api/orders/abc`, { cookie: me.cookie, params: { id: "abc" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(orderRoute.GET, `/api/orders/99999999999`, {
          cookie: me.cookie,
          params: { id: "99999999999" },
        })
      ).status,
    ).toBe(404);
  });
});

describe('one buyer cannot hoard a farm\'s stock (docs/product.md, "Stock and hoarding")', () => {
  let big: Awaited<ReturnType<typeof createProduct>>;
  beforeEach(async () => {
    big = await createProduct(farmA.id, { name: "Honeycrisp", priceCents: 100, stock: 40 });
    await topUp(me.cookie, 1000);
  });

  it("takes at most half of what the farm has (here 20 of 40 lb) in one order, writing nothing when refused", async () => {
    const res = await placeOrder(me.cookie, [{ productId: big.id, quantity: 21 }]);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: "order_limit",
      message:
        "You can hold at most 20 lb of Honeycrisp in open orders (half of what Green Acres has); you asked for 21",
    });
    expect(await stockOf(big.id)).toBe(40);
    expect(await db.order.count({ where: { userId: me.user.id } })).toBe(0);
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 20 }])).status).toBe(201);
    expect(await stockOf(big.id)).toBe(20);
  });

  it("counts the buyer's other open orders: splitting into several checkouts does not get round it", async () => {
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 15 }])).status).toBe(201);
    // 25 left + 15 held = 40: the cap is still 20, so 5 more and no further.
    const more = await placeOrder(me.cookie, [{ productId: big.id, quantity: 6 }]);
    expect(more.status).toBe(409);
    expect(more.json.message).toBe(
      "You can hold at most 20 lb of Honeycrisp in open orders (half of what Green Acres has); you already hold 15, so 5 more",
    );
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 5 }])).status).toBe(201);
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 1 }])).status).toBe(409);
    // Another buyer still finds the other half.
    const other = await createUserWithSession({ fullName: "Second Buyer" });
    await topUp(other.cookie, 100);
    expect((await placeOrder(other.cookie, [{ productId: big.id, quantity: 10 }])).status).toBe(
      201,
    );
  });

  it("small stock (up to 10 units) can still be bought whole, and completed or cancelled orders no longer count", async () => {
    expect((await placeOrder(me.cookie, [{ productId: kale.id, quantity: 5 }])).status).toBe(201);
    const first = await placeOrder(me.cookie, [{ productId: big.id, quantity: 20 }]);
    expect(first.status).toBe(201);
    await db.order.update({
      where: { id: first.json.orders[0].id },
      data: { status: "completed", completedAt: new Date() },
    });
    // 20 left, nothing open: the cap is max(10, half of 20) = 10.
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 11 }])).status).toBe(409);
    expect((await placeOrder(me.cookie, [{ productId: big.id, quantity: 10 }])).status).toBe(201);
  });
});
