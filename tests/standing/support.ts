import { expect } from "vitest";
import * as listRoute from "@/app/api/standing-orders/route";
import * as oneRoute from "@/app/api/standing-orders/[id]/route";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { createPickupAndDelivery } from "../support/fulfilment";
import { topUp } from "../wallet/support";

/**
 * The standing-order tests' world: Olive Chef (a restaurant, $500 in the wallet) and Green Acres,
 * with a pickup point, a delivery zone and apples at $10 (`stock` of them).
 */
export async function chefAndGreenAcres(stock: number) {
  const chef = await createUserWithSession({ fullName: "Olive Chef", userType: "restaurant" });
  const { farm, owner } = await createFarm({ farmName: "Green Acres" });
  const setup = await createPickupAndDelivery(farm.id);
  const apples = await createProduct(farm.id, { name: "Apples", priceCents: 1000, stock });
  await topUp(chef.cookie, 500);
  return { chef, farm, owner, setup, apples };
}

export type StandingWorld = Awaited<ReturnType<typeof chefAndGreenAcres>>;

export function createStanding(cookie: string, body: Record<string, unknown>) {
  return call(listRoute.POST, "/api/standing-orders", { body, cookie });
}

/** A weekly Saturday pickup of `quantity` apples at Green Acres' point, which must answer 201. */
export async function saturdayPickup(world: StandingWorld, cookie: string, quantity: number) {
  const res = await createStanding(cookie, {
    farmId: world.farm.id,
    items: [{ productId: world.apples.id, quantity }],
    weekday: 6,
    kind: "pickup",
    pickupPointId: world.setup.point.id,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; nextDate: string; placesAt: string };
}

export function patchStanding(id: number, body: Record<string, unknown>, cookie: string) {
  return call(oneRoute.PATCH, `/api/standing-orders/${id}`, {
    method: "PATCH",
    body,
    cookie,
    params: { id: String(id) },
  });
}
