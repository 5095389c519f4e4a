import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { reconcile } from "@/lib/server/payments/reconcile";
import { nextPayoutAt, runPayouts } from "@/lib/server/payments/payouts";
import { createProduct, createUserWithSession } from "../support/factories";
import { farmerWithSession } from "../farm/support";
import { placeOrder, topUp } from "../wallet/support";
import { complete } from "./ledger-support";
import { deliver, stripeForThisFile } from "./support";

const stripe = stripeForThisFile();

const failing = async () => (await reconcile()).filter((c) => c.problems.length);

describe("payments:reconcile", () => {
  it("holds after card top-ups, completions and payouts, and names a broken farm balance", async () => {
    const buyer = await createUserWithSession();
    const started = await topUp(buyer.cookie, 80);
    const topUpRow = await db.topUp.findUniqueOrThrow({ where: { id: started.json.topUp.id } });
    const paid = stripe.emulator().pay(topUpRow.sessionId!);
    expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    const farmer = await farmerWithSession();
    const product = await createProduct(farmer.farm.id, { priceCents: 1999 });
    const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
    expect(order.status, order.text).toBe(201);
    expect((await complete(farmer.cookie, order.json.orders[0].id)).status).toBe(200);
    await runPayouts(
      nextPayoutAt(new Date(Date.now() + 3 * 86_400_000), "America/Vancouver")
        .plus({ hours: 1 })
        .toJSDate(),
    );
    expect(await failing()).toEqual([]);

    await db.farmAccount.update({
      where: { farmId: farmer.farm.id },
      data: { balanceCents: { increment: 1 } },
    });
    expect(await failing()).toEqual([
      {
        name: "farm balance = Σ farm ledger",
        problems: [`farm ${farmer.farm.id}: balance 1, ledger 0`],
      },
    ]);
    await db.farmAccount.update({
      where: { farmId: farmer.farm.id },
      data: { balanceCents: { decrement: 1 } },
    });
  });
});
