import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as customersRoute from "@/app/api/my-farm/customers/route";
import * as creditRoute from "@/app/api/my-farm/customers/[buyerId]/credit/route";
import * as creditLinesRoute from "@/app/api/credit-lines/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { call, expectError, expectMessage } from "../support/http";
import { cancelOrder } from "../support/orders";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { createPickupAndDelivery } from "../support/fulfilment";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, placeOrder, topUp } from "../wallet/support";
import { checkoutOnAccount, farmWithCreditCustomer, setCredit } from "./support";

checkLedgerAfterEach();

/** A 409 credit_limit answer with exactly this message. */
function expectCreditRefusal(
  res: { status: number; json: { code?: string; message?: string } },
  message: string,
) {
  expectError(res, 409, "credit_limit", message);
}

const owedAt = async (cookie: string) =>
  (await call(creditLinesRoute.GET, "/api/credit-lines", { cookie })).json;

describe("credit lines (My Farm → Customers)", () => {
  it("the farmer grants, changes and removes a restaurant's credit; shoppers cannot get credit; strangers are 404", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(250);
    await db.creditLine.deleteMany();
    // A restaurant that ordered here once (from the wallet) is a customer the farm may give credit.
    await topUp(chef.cookie, 50);
    expect((await placeOrder(chef.cookie, [{ productId: product.id, quantity: 1 }])).status).toBe(
      201,
    );
    const granted = await setCredit(farmer.cookie, chef.user.id, 250);
    expect(granted.status, granted.text).toBe(200);
    let list = await call(customersRoute.GET, "/api/my-farm/customers", { cookie: farmer.cookie });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({
        id: chef.user.id,
        name: "Chef Remy",
        company: "Bench Bistro Test",
        kind: "restaurant",
        orders: 1,
        credit: { limit: 250, owed: 0, available: 250 },
        owed: 0,
        overdue: 0,
        statements: [],
      }),
    ]);

    // A shopper who ordered here is listed, but cannot be given credit.
    const shopper = await createUserWithSession({ fullName: "Sam Shopper" });
    await topUp(shopper.cookie, 50);
    expect(
      (await placeOrder(shopper.cookie, [{ productId: product.id, quantity: 1 }])).status,
    ).toBe(201);
    const refused = await setCredit(farmer.cookie, shopper.user.id, 100);
    expectMessage(
      refused,
      403,
      "Only restaurants can buy on account: this buyer has no business account",
    );
    list = await call(customersRoute.GET, "/api/my-farm/customers", { cookie: farmer.cookie });
    expect(
      list.json.map((c: { name: string; kind: string; orders: number }) => [
        c.name,
        c.kind,
        c.orders,
      ]),
    ).toEqual([
      ["Sam Shopper", "shopper", 1],
      ["Chef Remy", "restaurant", 1],
    ]);

    // A restaurant that never ordered here and has no credit here is nobody's business of this farm.
    const stranger = await createUserWithSession({ userType: "restaurant" });
    expect((await setCredit(farmer.cookie, stranger.user.id, 100)).status).toBe(404);
    // Another farmer does not see this farm's customers.
    const other = await createFarmerWithSession();
    expect((await setCredit(other.cookie, chef.user.id, 100)).status).toBe(404);
    expect(
      (await call(customersRoute.GET, "/api/my-farm/customers", { cookie: other.cookie })).json,
    ).toEqual([]);
    // Only farmers manage credit.
    expect((await setCredit(chef.cookie, chef.user.id, 100)).status).toBe(403);
    // Bad limits are 400 naming the field.
    for (const bad of [-1, 1.234, 100_000.01, "50", null]) {
      const r = await setCredit(farmer.cookie, chef.user.id, bad);
      expect([r.status, Object.keys(r.json.errors ?? {})], String(bad)).toEqual([400, ["limit"]]);
    }

    const changed = await setCredit(farmer.cookie, chef.user.id, 400.5);
    expect(changed.json.credit).toEqual({ limit: 400.5, owed: 0, available: 400.5 });
    expect(await owedAt(chef.cookie)).toEqual([
      {
        farm: { id: farmer.farm.id, farmName: "Credit Creek Farm" },
        limit: 400.5,
        owed: 0,
        available: 400.5,
      },
    ]);
    const removed = await call(
      creditRoute.DELETE,
      `/api/my-farm/customers/${chef.user.id}/credit`,
      { method: "DELETE", cookie: farmer.cookie, params: { buyerId: String(chef.user.id) } },
    );
    expect([removed.status, removed.json.credit]).toEqual([200, null]);
    expect(await owedAt(chef.cookie)).toEqual([]);
  });
});

describe("checkout on account", () => {
  it("an order on account is not debited: it goes on the farm's statement; over the limit is 409 naming the farm and the available credit", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(100);
    await topUp(chef.cookie, 20);
    const placed = await checkoutOnAccount(chef.cookie, farmer.farm.id, [
      { productId: product.id, quantity: 4 },
    ]);
    expect(placed.status, placed.text).toBe(201);
    const order = placed.json.orders[0];
    expect(order).toMatchObject({ payment: "account", isPaid: false, totalAmount: 60 });
    expect(order.statementId).toEqual(expect.any(Number));
    expect(placed.json.wallet.balance).toBe(20);
    expect(await balanceCents(chef.user.id)).toBe(2000);
    expect(await owedAt(chef.cookie)).toEqual([
      expect.objectContaining({ limit: 100, owed: 60, available: 40 }),
    ]);

    const over = await checkoutOnAccount(chef.cookie, farmer.farm.id, [
      { productId: product.id, quantity: 3 },
    ]);
    expectCreditRefusal(
      over,
      "Over your credit limit at Credit Creek Farm: this order costs $45.00 but $40.00 of your $100.00 credit is available. Pay from your wallet or settle a statement.",
    );
    // The same order from the wallet is fine: the choice is per farm, wallet by default.
    expect(
      (await placeOrder(chef.cookie, [{ productId: product.id, quantity: 1 }])).json.orders[0],
    ).toMatchObject({ payment: "wallet", isPaid: true });
    expect(await balanceCents(chef.user.id)).toBe(500);
    expect(await db.order.count({ where: { userId: chef.user.id } })).toBe(2);
  });

  it("without a credit line at that farm, or as a shopper, an order on account is refused and nothing is written", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(100);
    const elsewhere = await createFarmerWithSession({ farmName: "No Credit Farm" });
    const other = await createProduct(elsewhere.farm.id, { priceCents: 500 });
    const r = await checkoutOnAccount(chef.cookie, elsewhere.farm.id, [
      { productId: other.id, quantity: 1 },
    ]);
    expectCreditRefusal(
      r,
      "No Credit Farm has not opened an account for you: pay from your wallet",
    );
    const shopper = await createUserWithSession();
    const s = await checkoutOnAccount(shopper.cookie, farmer.farm.id, [
      { productId: product.id, quantity: 1 },
    ]);
    expectMessage(s, 403, "Only restaurants can buy on account: pay from your wallet");
    const bad = await checkoutOnAccount(
      chef.cookie,
      farmer.farm.id,
      [{ productId: product.id, quantity: 1 }],
      { payment: { [farmer.farm.id]: "invoice" } },
    );
    expect([bad.status, Object.keys(bad.json.errors)]).toEqual([
      400,
      [`payment.${farmer.farm.id}`],
    ]);
    expect(
      await db.order.count({ where: { userId: { in: [chef.user.id, shopper.user.id] } } }),
    ).toBe(0);
    expect(await db.statement.count({ where: { buyerId: chef.user.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1000);
  });

  it("edits and cancellations of an order on account move the statement, never the wallet; more must fit the limit", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(100);
    await createPickupAndDelivery(farmer.farm.id);
    await topUp(chef.cookie, 10);
    const slot = (await listSlots(farmer.farm.id, 14)).find((s) => s.kind === "pickup")!;
    const placed = await checkoutOnAccount(
      chef.cookie,
      farmer.farm.id,
      [{ productId: product.id, quantity: 2 }],
      { fulfilment: { [farmer.farm.id]: { slotId: slot.slotId } } },
    );
    expect(placed.status, placed.text).toBe(201);
    const id = placed.json.orders[0].id as number;
    const edit = (quantity: number) =>
      call(orderRoute.PATCH, `/api/orders/${id}`, {
        method: "PATCH",
        body: { items: [{ productId: product.id, quantity }] },
        cookie: chef.cookie,
        params: { id: String(id) },
      });

    expect((await edit(6)).json).toMatchObject({ totalAmount: 90, payment: "account" });
    expect(await owedAt(chef.cookie)).toEqual([
      expect.objectContaining({ owed: 90, available: 10 }),
    ]);
    const over = await edit(7);
    expectMessage(
      over,
      409,
      "Over your credit limit at Credit Creek Farm: this change costs $15.00 but $10.00 of your $100.00 credit is available. Pay from your wallet or settle a statement.",
    );
    expect((await edit(1)).json.totalAmount).toBe(15);
    expect(await owedAt(chef.cookie)).toEqual([
      expect.objectContaining({ owed: 15, available: 85 }),
    ]);

    const cancelled = await cancelOrder(chef.cookie, id);
    expect(cancelled.json.events.at(-1).note).toBe("Cancelled by you · taken off your statement");
    expect(await owedAt(chef.cookie)).toEqual([
      expect.objectContaining({ owed: 0, available: 100 }),
    ]);
    expect(await balanceCents(chef.user.id)).toBe(1000);
    expect(await db.transaction.count({ where: { userId: chef.user.id } })).toBe(1); // the top-up only
  });

  itOnPostgres(
    "20 racing checkouts on account never take the buyer past the credit limit (PostgreSQL only)",
    async () => {
      // $100 of credit, $15 orders: exactly 6 fit. Each checkout buys its own product, so no stock row
      // serialises them: only the credit line's lock stands between them.
      const { farmer, chef, product } = await farmWithCreditCustomer(100);
      const others = await Promise.all(
        Array.from({ length: 19 }, (_, i) =>
          createProduct(farmer.farm.id, { name: `Tomato lot ${i}`, priceCents: 1500, stock: 10 }),
        ),
      );
      const products = [product, ...others];
      const results = await Promise.all(
        products.map((p, i) =>
          checkoutOnAccount(
            chef.cookie,
            farmer.farm.id,
            [{ productId: p.id, quantity: 1 }],
            {},
            `race-${i}`,
          ),
        ),
      );
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(ok).toHaveLength(6);
      expect(refused).toHaveLength(14);
      for (const r of refused) expect(r.json.code, r.text).toBe("credit_limit");
      expect(await owedAt(chef.cookie)).toEqual([
        expect.objectContaining({ limit: 100, owed: 90, available: 10 }),
      ]);
      expect(await db.statement.count({ where: { buyerId: chef.user.id } })).toBe(1);
      expect(await db.order.count({ where: { userId: chef.user.id, payment: "account" } })).toBe(6);
      const sold = await db.orderItem.aggregate({
        where: { order: { userId: chef.user.id } },
        _sum: { quantity: true },
      });
      expect(sold._sum.quantity).toBe(6);
    },
  );
});
