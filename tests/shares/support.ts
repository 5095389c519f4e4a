import { expect } from "vitest";
import { DateTime } from "luxon";
import * as plansRoute from "@/app/api/my-farm/shares/route";
import * as boxRoute from "@/app/api/my-farm/shares/[planId]/boxes/[date]/route";
import * as joinRoute from "@/app/api/shares/[planId]/members/route";
import * as mineRoute from "@/app/api/me/shares/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { createPickupAndDelivery } from "../support/fulfilment";
import { topUp } from "../wallet/support";

/** The Saturday `weeks` weeks after the coming one (YYYY-MM-DD): its cutoff is days ahead. */
export function saturdayAhead(weeks = 1): string {
  const today = DateTime.now().setZone("America/Vancouver").startOf("day");
  const toSaturday = (6 - (today.weekday % 7) + 7) % 7 || 7;
  return today.plus({ days: toSaturday + 7 * weeks }).toISODate()!;
}

export const plusWeeks = (date: string, weeks: number) =>
  DateTime.fromISO(date, { zone: "UTC" }).plus({ weeks }).toISODate()!;
export const plusDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate()!;

/**
 * A farm share's world: Green Acres (a Saturday market pickup) with carrots $3, kale $4, beets $2
 * and garlic $6, 100 of each, and a plan of a $25 box every week for four Saturdays.
 */
export async function shareWorld(plan: Record<string, unknown> = {}) {
  const farmer = await createFarmerWithSession({ farmName: "Green Acres" });
  const setup = await createPickupAndDelivery(farmer.farm.id);
  const product = (name: string, priceCents: number) =>
    createProduct(farmer.farm.id, { name, priceCents, stock: 100 });
  const carrots = await product("Carrots", 300);
  const kale = await product("Kale", 400);
  const beets = await product("Beets", 200);
  const garlic = await product("Garlic", 600);
  const seasonStart = saturdayAhead(1);
  const res = await call(plansRoute.POST, "/api/my-farm/shares", {
    cookie: farmer.cookie,
    body: {
      name: "Weekly veg box",
      description: "What is best this week",
      boxPrice: 25,
      everyWeeks: 1,
      seasonStart,
      seasonEnd: plusWeeks(seasonStart, 3),
      capacity: 10,
      skipsPerSeason: 2,
      fulfilment: { kind: "pickup", pickupPointId: setup.point.id },
      payment: ["weekly", "season"],
      ...plan,
    },
  });
  expect(res.status, res.text).toBe(201);
  return { farmer, setup, carrots, kale, beets, garlic, plan: res.json, seasonStart };
}
export type ShareWorld = Awaited<ReturnType<typeof shareWorld>>;

/** A shopper with `dollars` in the wallet. */
export async function member(name: string, dollars = 200) {
  const m = await createUserWithSession({ fullName: name });
  if (dollars) expect((await topUp(m.cookie, dollars)).status).toBe(200);
  return m;
}

export function join(planId: number, cookie: string, body: Record<string, unknown>, key?: string) {
  return call(joinRoute.POST, `/api/shares/${planId}/members`, {
    body,
    cookie,
    params: { planId: String(planId) },
    headers: key ? { "idempotency-key": key } : {},
  });
}

export async function mine(cookie: string) {
  const res = await call(mineRoute.GET, "/api/me/shares", { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    id: number;
    status: string;
    skipsLeft: number;
    prepaid: { boxesLeft: number; balance: number } | null;
    nextBox: {
      date: string;
      published: boolean;
      items: { productId: number; quantity: number }[];
      swaps: { out: number; in: number }[];
      replaced: { out: number; in: number }[];
      extra: number;
      price: number;
      skipped: boolean;
    } | null;
  }[];
}

/** The farm publishes the box of `date`: 3 carrots, 2 kale, 4 beets; garlic and extra kale as options. */
export function publish(w: ShareWorld, date: string, body?: Record<string, unknown>) {
  return call(boxRoute.PUT, `/api/my-farm/shares/${w.plan.id}/boxes/${date}`, {
    method: "PUT",
    cookie: w.farmer.cookie,
    params: { planId: String(w.plan.id), date },
    body: body ?? {
      items: [
        { productId: w.carrots.id, quantity: 3 },
        { productId: w.kale.id, quantity: 2 },
        { productId: w.beets.id, quantity: 4 },
      ],
      swapOptions: [{ productId: w.garlic.id, quantity: 1 }],
    },
  });
}

export const reserved = async (productId: number) =>
  (await db.product.findUniqueOrThrow({ where: { id: productId } })).reserved;

/** prepaidCents = Σ its ledger rows, for every membership. */
export async function prepaidMismatches() {
  return db.$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "ShareMembership" m
    WHERE m."prepaidCents" <> COALESCE((SELECT SUM(e."amountCents") FROM "ShareLedgerEntry" e
      WHERE e."membershipId" = m."id"), 0)`;
}
