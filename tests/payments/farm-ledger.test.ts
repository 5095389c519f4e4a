import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/server/platform/db";
import { commissionCents } from "@/lib/server/payments/farm-ledger";
import { createProduct, createUserWithSession } from "../support/factories";
import { withEnv } from "../support/env";
import { onPostgres } from "../support/pg";
import { farmerWithSession } from "../farm/support";
import { checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { cancel, complete, expectFarmLedgerHolds } from "./ledger-support";

checkLedgerAfterEach();

describe("commission", () => {
  it("is COMMISSION_BPS of the goods, rounded half-up to the cent once per order", () => {
    expect(commissionCents(2500)).toBe(200);
    expect(commissionCents(1069)).toBe(86); // 85.52
    expect(commissionCents(1006)).toBe(80); // 80.48
    expect(commissionCents(5, 1000)).toBe(1); // 0.5 → 1
    expect(commissionCents(4, 1000)).toBe(0); // 0.4 → 0
    expect(commissionCents(0)).toBe(0);
  });
});

describe("farm earnings ledger", () => {
  let farmer: Awaited<ReturnType<typeof farmerWithSession>>;
  let buyer: Awaited<ReturnType<typeof createUserWithSession>>;
  beforeEach(async () => {
    farmer = await farmerWithSession({ farmName: "Ledger Farm" });
    buyer = await createUserWithSession();
    await topUp(buyer.cookie, 500);
  });

  async function order(priceCents: number, quantity: number) {
    const product = await createProduct(farmer.farm.id, { priceCents, stock: 100 });
    const res = await placeOrder(buyer.cookie, [{ productId: product.id, quantity }]);
    expect(res.status, res.text).toBe(201);
    return res.json.orders[0].id as number;
  }

  it("completing an order writes its sale and commission rows and moves the balance by the net", async () => {
    const id = await order(1069, 3); // goods 32.07 → commission 2.57 (256.56 cents)
    expect(await db.farmLedgerEntry.count({ where: { farmId: farmer.farm.id } })).toBe(0);
    expect((await complete(farmer.cookie, id)).status).toBe(200);
    const rows = await db.farmLedgerEntry.findMany({
      where: { farmId: farmer.farm.id },
      orderBy: { id: "asc" },
    });
    expect(rows).toMatchObject([
      { type: "sale", amountCents: 3207, orderId: id, description: `Order #${id}` },
      { type: "commission", amountCents: -257, orderId: id },
    ]);
    const account = await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } });
    expect(account.balanceCents).toBe(3207 - 257);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("a second completion is refused and writes nothing; cancelled orders earn nothing", async () => {
    const done = await order(500, 2);
    const cancelled = await order(700, 1);
    expect((await complete(farmer.cookie, done)).status).toBe(200);
    expect((await complete(farmer.cookie, done)).status).toBe(409);
    expect((await cancel(buyer.cookie, cancelled)).status).toBe(200);
    expect((await complete(farmer.cookie, cancelled)).status).toBe(409);
    expect(await db.farmLedgerEntry.count({ where: { farmId: farmer.farm.id } })).toBe(2);
    await expectFarmLedgerHolds([farmer.farm.id]);
  });

  it("uses COMMISSION_BPS", async () => {
    const id = await order(1000, 1);
    await withEnv({ COMMISSION_BPS: "1250" }, async () => {
      expect((await complete(farmer.cookie, id)).status).toBe(200);
    });
    const commission = await db.farmLedgerEntry.findUniqueOrThrow({
      where: { dedupeKey: `commission-${id}` },
    });
    expect(commission.amountCents).toBe(-125);
  });
});

describe.runIf(onPostgres)("a completion racing a cancel on PostgreSQL", () => {
  it("one of them wins each time: earnings without a refund, or a refund without earnings", async () => {
    const farmer = await farmerWithSession();
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 1000);
    const product = await createProduct(farmer.farm.id, { priceCents: 999, stock: 100 });
    for (let i = 0; i < 8; i++) {
      const res = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }]);
      const id = res.json.orders[0].id as number;
      const [done, cancelled] = await Promise.all([
        complete(farmer.cookie, id),
        cancel(buyer.cookie, id),
      ]);
      expect([done.status, cancelled.status].sort()).toEqual([200, 409]);
      const order = await db.order.findUniqueOrThrow({ where: { id } });
      const earned = await db.farmLedgerEntry.count({ where: { orderId: id } });
      const refunded = await db.transaction.count({
        where: { type: "refund", reference: `ORDER-${id}` },
      });
      if (order.status === "completed") expect([earned, refunded]).toEqual([2, 0]);
      else expect([order.status, earned, refunded]).toEqual(["cancelled", 0, 1]);
    }
    await expectFarmLedgerHolds([farmer.farm.id]);
  });
});

describe("property: random checkouts, cancels and completions keep the farm ledger true", () => {
  type Step =
    | { kind: "checkout"; buyer: number; product: number; quantity: number }
    | { kind: "cancel"; pick: number }
    | { kind: "complete"; pick: number; twice: boolean };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant("checkout" as const),
      buyer: fc.nat(1),
      product: fc.nat(3),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat(20) }),
    fc.record({ kind: fc.constant("complete" as const), pick: fc.nat(20), twice: fc.boolean() }),
  );

  it("after every step: balance = Σ rows, sale = order total, sale = commission + net", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const farms = [await farmerWithSession(), await farmerWithSession()];
        const buyers = [await createUserWithSession(), await createUserWithSession()];
        for (const b of buyers) await topUp(b.cookie, 10_000);
        // Odd prices, so the commission rounds.
        const products = [
          await createProduct(farms[0].farm.id, { priceCents: 1069, stock: 500 }),
          await createProduct(farms[0].farm.id, { priceCents: 333, stock: 500 }),
          await createProduct(farms[1].farm.id, { priceCents: 1006, stock: 500 }),
          await createProduct(farms[1].farm.id, { priceCents: 7, stock: 500 }),
        ];
        const placed: { id: number; buyer: number; farm: number }[] = [];
        for (const s of steps) {
          if (s.kind === "checkout") {
            const p = products[s.product];
            const res = await placeOrder(buyers[s.buyer].cookie, [
              { productId: p.id, quantity: s.quantity },
            ]);
            expect(res.status, res.text).toBe(201);
            placed.push({ id: res.json.orders[0].id, buyer: s.buyer, farm: s.product < 2 ? 0 : 1 });
          } else if (placed.length) {
            const o = placed[s.pick % placed.length];
            if (s.kind === "cancel") await cancel(buyers[o.buyer].cookie, o.id);
            else {
              await complete(farms[o.farm].cookie, o.id);
              if (s.twice) await complete(farms[o.farm].cookie, o.id);
            }
          }
          await expectFarmLedgerHolds(farms.map((f) => f.farm.id));
        }
      }),
      { numRuns: 8 },
    );
  });
});
