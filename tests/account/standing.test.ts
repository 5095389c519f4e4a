import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as listRoute from "@/app/api/standing-orders/route";
import { placeDueStandingOrders } from "@/lib/server/standing/worker";
import { call } from "../support/http";
import { createPickupAndDelivery } from "../support/fulfilment";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import { farmWithCreditCustomer } from "./support";

checkLedgerAfterEach();

describe("standing orders of a buyer with a credit line go on account", () => {
  it("the worker places the occurrence on the farm's statement, not the wallet; over the limit it fails with the credit message", async () => {
    const { farmer, chef, product } = await farmWithCreditCustomer(100);
    const { point } = await createPickupAndDelivery(farmer.farm.id);
    await topUp(chef.cookie, 500);
    const create = (quantity: number) =>
      call(listRoute.POST, "/api/standing-orders", {
        body: {
          farmId: farmer.farm.id,
          items: [{ productId: product.id, quantity }],
          weekday: 6,
          kind: "pickup",
          pickupPointId: point.id,
        },
        cookie: chef.cookie,
      });
    const small = await create(4);
    expect(small.status, small.text).toBe(201);
    const big = await create(3);
    const due = new Date(new Date(small.json.placesAt).getTime() + 60_000);

    const outcomes = await placeDueStandingOrders(due);
    const placed = outcomes.find((o) => o.standingOrderId === small.json.id)!;
    expect(placed.status).toBe("placed");
    const order = await db.order.findUniqueOrThrow({ where: { id: placed.orderId! } });
    expect([order.payment, order.isPaid, order.totalCents, order.statementId !== null]).toEqual([
      "account",
      false,
      6000,
      true,
    ]);
    expect(await balanceCents(chef.user.id)).toBe(50000);

    // $60 owed of $100: the second ($45) does not fit, and says so.
    const failed = outcomes.find((o) => o.standingOrderId === big.json.id)!;
    expect(failed).toMatchObject({
      status: "failed",
      reason:
        "Over your credit limit at Credit Creek Farm: this order costs $45.00 but $40.00 of your $100.00 credit is available. Pay from your wallet or settle a statement.",
    });
  });
});
