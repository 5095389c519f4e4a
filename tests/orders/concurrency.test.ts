import { describe, expect } from "vitest";
import { db } from "@/lib/server/platform/db";
import { cancelOrder } from "../support/orders";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";

checkLedgerAfterEach();

/** A signed-in buyer with $100 in the wallet, and a product of a new farm. */
async function buyerAndProduct(product: { priceCents: number; stock: number }) {
  const me = await createUserWithSession();
  const { farm } = await createFarm();
  const created = await createProduct(farm.id, product);
  await topUp(me.cookie, 100);
  return { me, product: created };
}

/** Each product's stock is `start` less the quantity its active orders hold. */
async function expectStockBalances(products: { id: number }[], start: number) {
  for (const p of products) {
    const sold = await db.orderItem.aggregate({
      where: { productId: p.id, order: { status: "active" } },
      _sum: { quantity: true },
    });
    expect((await db.product.findUniqueOrThrow({ where: { id: p.id } })).stock).toBe(
      start - (sold._sum.quantity ?? 0),
    );
  }
}

describe("concurrent money movements", () => {
  itOnPostgres(
    "10 concurrent checkouts each worth 40% of the balance: at most 2 succeed, never below 0 (PostgreSQL only)",
    async () => {
      const { me, product } = await buyerAndProduct({ priceCents: 4000, stock: 1000 });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }], `attempt-${i}`),
        ),
      );
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(ok.length).toBe(2);
      expect(refused.length).toBe(8);
      for (const r of refused) expect(r.json.message).toMatch(/^Insufficient balance: /);
      expect(await balanceCents(me.user.id)).toBe(2000);
      expect(await db.order.count({ where: { userId: me.user.id } })).toBe(2);
      expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(998);
    },
  );

  itOnPostgres(
    "20 concurrent checkouts of the last 5 units: exactly 5 succeed, stock never negative (PostgreSQL only)",
    async () => {
      const { farm } = await createFarm();
      const product = await createProduct(farm.id, {
        name: "Last Peaches",
        priceCents: 300,
        stock: 5,
      });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUserWithSession()));
      for (const b of buyers) await topUp(b.cookie, 10);
      const results = await Promise.all(
        buyers.map((b) => placeOrder(b.cookie, [{ productId: product.id, quantity: 1 }])),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.json.message).toBe("Last Peaches is out of stock");
      const p = await db.product.findUniqueOrThrow({ where: { id: product.id } });
      expect([p.stock, p.inStock]).toEqual([0, false]);
      expect(
        await db.orderItem.aggregate({
          where: { productId: product.id },
          _sum: { quantity: true },
        }),
      ).toEqual({ _sum: { quantity: 5 } });
    },
  );

  itOnPostgres(
    "5 concurrent submissions of one checkout key pay once (PostgreSQL only)",
    async () => {
      const { me, product } = await buyerAndProduct({ priceCents: 1000, stock: 50 });
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          placeOrder(me.cookie, [{ productId: product.id, quantity: 2 }], "double-click"),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(5).fill(201));
      for (const r of results) expect(r.json).toEqual(results[0].json);
      expect(await db.order.count({ where: { userId: me.user.id } })).toBe(1);
      expect(await balanceCents(me.user.id)).toBe(8000);
    },
  );

  itOnPostgres("2 concurrent cancels of one order refund once (PostgreSQL only)", async () => {
    const { me, product } = await buyerAndProduct({ priceCents: 1000, stock: 50 });
    const id = (await placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }])).json
      .orders[0].id;
    const results = await Promise.all([1, 2].map(() => cancelOrder(me.cookie, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceCents(me.user.id)).toBe(10000);
    expect(await db.transaction.count({ where: { userId: me.user.id, type: "refund" } })).toBe(1);
  });

  itOnPostgres(
    "checkouts of the same products in opposite cart orders, with cancels between them, never deadlock: every one answers 201 or 200 (PostgreSQL only)",
    async () => {
      const [{ farm: a }, { farm: b }] = [await createFarm(), await createFarm()];
      const products = [
        await createProduct(a.id, { priceCents: 100, stock: 500 }),
        await createProduct(a.id, { priceCents: 200, stock: 500 }),
        await createProduct(b.id, { priceCents: 300, stock: 500 }),
      ];
      const buyers = await Promise.all(Array.from({ length: 12 }, () => createUserWithSession()));
      for (const buyer of buyers) await topUp(buyer.cookie, 100);
      const statuses: number[] = [];
      await Promise.all(
        buyers.map(async (buyer, i) => {
          const cart = products.map((p, k) => ({ productId: p.id, quantity: 1 + k }));
          for (let round = 0; round < 3; round++) {
            const placed = await placeOrder(
              buyer.cookie,
              (i + round) % 2 ? cart : [...cart].reverse(),
            );
            statuses.push(placed.status);
            if (placed.status !== 201 || round === 2) continue;
            const id = String(placed.json.orders[0].id);
            statuses.push((await cancelOrder(buyer.cookie, id)).status);
          }
        }),
      );
      expect(statuses).toHaveLength(12 * 3 + 12 * 2);
      expect(statuses.filter((s) => s !== 201 && s !== 200)).toEqual([]);
      await expectStockBalances(products, 500);
    },
  );

  itOnPostgres(
    "a storm of top-ups, checkouts and cancels on one wallet keeps balance = ledger (PostgreSQL only)",
    async () => {
      const me = await createUserWithSession();
      const { farm } = await createFarm();
      const products = await Promise.all(
        [1, 2, 3].map((i) => createProduct(farm.id, { priceCents: 700 * i, stock: 8 })),
      );
      await topUp(me.cookie, 50);
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 12; i++) {
        work.push(topUp(me.cookie, 7.5));
        work.push(
          placeOrder(me.cookie, [
            { productId: products[i % 3].id, quantity: 1 },
            { productId: products[(i + 1) % 3].id, quantity: 1 },
          ]).then(async (r) => {
            if (r.status === 201 && i % 2 === 0) {
              const id = String(r.json.orders[0].id);
              await cancelOrder(me.cookie, id);
            }
          }),
        );
      }
      await Promise.all(work);
      // The afterEach ledger check is the assertion; stock must also balance with the orders.
      await expectStockBalances(products, 8);
    },
  );
});
