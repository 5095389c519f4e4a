import { beforeEach, describe, expect, it } from "vitest";
import { MAX_BALANCE_CENTS } from "@/lib/money";
import { db } from "@/lib/server/platform/db";
import * as transactionsRoute from "@/app/api/transactions/route";
import { call } from "../support/http";
import { cancelOrder } from "../support/orders";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";

checkLedgerAfterEach();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  me = await createUserWithSession();
  const { farm } = await createFarm({ farmName: "Orchard Lane" });
  product = await createProduct(farm.id, { name: "Apples", priceCents: 500, stock: 3 });
  await topUp(me.cookie, 50);
});

describe("POST /api/orders/{id}/cancel", () => {
  it("refuses a refund past the balance cap with 409 wallet_limit and keeps the order", async () => {
    const placed = await placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }]);
    const id = placed.json.orders[0].id;
    await db.wallet.update({
      where: { userId: me.user.id },
      data: { balanceCents: MAX_BALANCE_CENTS - 100 },
    });
    await db.transaction.create({
      data: {
        userId: me.user.id,
        type: "refund",
        amountCents: MAX_BALANCE_CENTS - 100 - 4500,
        description: "Filled to the cap for a test",
        reference: "TEST",
      },
    });
    const res = await cancelOrder(me.cookie, id);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("wallet_limit");
    expect((await db.order.findUniqueOrThrow({ where: { id } })).status).toBe("active");
    expect(await balanceCents(me.user.id)).toBe(MAX_BALANCE_CENTS - 100);
  });

  it("cancels an active order, restores the stock and refunds the wallet in one go", async () => {
    const placed = await placeOrder(me.cookie, [{ productId: product.id, quantity: 3 }]);
    const id = placed.json.orders[0].id;
    expect(await balanceCents(me.user.id)).toBe(3500);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).inStock).toBe(false);

    const res = await cancelOrder(me.cookie, id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: "cancelled",
      cancelledAt: expect.any(String),
      totalAmount: 15,
    });
    expect(res.json.events.map((e: { status: string }) => e.status)).toEqual([
      "active",
      "cancelled",
    ]);

    const p = await db.product.findUniqueOrThrow({ where: { id: product.id } });
    expect([p.stock, p.inStock]).toEqual([3, true]);
    expect(await balanceCents(me.user.id)).toBe(5000);
    const history = await call(transactionsRoute.GET, "/api/transactions", { cookie: me.cookie });
    expect(history.json.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ["refund", 15],
      ["order", -15],
      ["top-up", 50],
    ]);
    expect(history.json[0].reference).toBe(`ORDER-${id}`);
  });

  it("answers 409 to a second cancel and refunds once", async () => {
    const id = (await placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }])).json
      .orders[0].id;
    expect((await cancelOrder(me.cookie, id)).status).toBe(200);
    const again = await cancelOrder(me.cookie, id);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("Only active orders can be cancelled; this order is cancelled");
    expect(await db.transaction.count({ where: { userId: me.user.id, type: "refund" } })).toBe(1);
    expect(await balanceCents(me.user.id)).toBe(5000);
  });

  it("answers 409 for a completed order", async () => {
    const id = (await placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }])).json
      .orders[0].id;
    await db.order.update({
      where: { id },
      data: { status: "completed", completedAt: new Date() },
    });
    expect((await cancelOrder(me.cookie, id)).status).toBe(409);
    expect(await balanceCents(me.user.id)).toBe(4500);
  });

  it("answers 404 for someone else's order and changes nothing", async () => {
    const id = (await placeOrder(me.cookie, [{ productId: product.id, quantity: 1 }])).json
      .orders[0].id;
    const other = await createUserWithSession();
    const res = await cancelOrder(other.cookie, id);
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("Order not found");
    expect((await db.order.findUniqueOrThrow({ where: { id } })).status).toBe("active");
    expect(await balanceCents(other.user.id)).toBe(0);
  });

  it("answers 404 for unknown or malformed ids, 401 signed out", async () => {
    expect((await cancelOrder(me.cookie, 424242)).status).toBe(404);
    expect((await cancelOrder(me.cookie, "1; DROP TABLE")).status).toBe(404);
    expect((await cancelOrder("", 1)).status).toBe(401);
  });
});
