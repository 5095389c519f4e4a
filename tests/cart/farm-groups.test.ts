/** Checkout's split of the cart per farm (components/checkout/farm-groups.ts), in integer cents. */
import { describe, expect, it } from "vitest";
import type { CartItem } from "@/components/cart/cart-reducer";
import { byFarm, errorsByFarm } from "@/components/checkout/farm-groups";
import { ApiError } from "@/lib/client/api";

const item = (id: number, farmId: number, price: number, quantity: number): CartItem => ({
  product: {
    id,
    name: `P${id}`,
    price,
    unit: "lb",
    image: "",
    farm: { id: farmId, farmName: `Farm ${farmId}` },
    inStock: true,
    caseSize: 1,
  },
  quantity,
});

describe("byFarm", () => {
  it("groups lines per farm in cart order, each subtotal in whole cents", () => {
    const groups = byFarm([item(1, 2, 1.15, 3), item(2, 1, 0.1, 3), item(3, 2, 0.2, 1)]);
    expect(groups.map((g) => [g.farmId, g.farmName, g.items.length, g.subtotalCents])).toEqual([
      [2, "Farm 2", 2, 365],
      [1, "Farm 1", 1, 30],
    ]);
  });

  it("an empty cart has no farms", () => {
    expect(byFarm([])).toEqual([]);
  });
});

describe("errorsByFarm", () => {
  it("reads the farm from `fulfilment.<farmId>…` keys, the first message per farm", () => {
    const e = new ApiError(400, "x", "x", {
      "fulfilment.4.slotId": "Choose a time",
      "fulfilment.4.kind": "second",
      "fulfilment.9": "Below the minimum",
      items: "not a farm",
    });
    expect(errorsByFarm(e)).toEqual({ 4: "Choose a time", 9: "Below the minimum" });
    expect(errorsByFarm(new Error("x"))).toEqual({});
  });
});
