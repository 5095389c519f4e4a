import { db } from "@/lib/server/db";
import type { FulfilmentKind } from "@/lib/generated/prisma/client";

/**
 * Fulfilment rows straight into the database, for tests that need a farm with windows without
 * going through PUT /api/my-farm/fulfilment (tests/fulfilment/settings.test.ts covers that call).
 */
export async function createPickupPoint(farmId: number, over: Partial<{ name: string; address: string; notes: string }> = {}) {
  return db.pickupPoint.create({ data: { farmId, name: "Kelowna Farmers' Market", address: "1304 Ellis St, Kelowna", notes: "Stall 12", ...over } });
}

export async function createDeliveryZone(farmId: number, over: Partial<{ name: string; postalPrefixes: string[]; feeCents: number; freeOverCents: number | null }> = {}) {
  return db.deliveryZone.create({ data: { farmId, name: "Kelowna", postalPrefixes: ["V1V", "V1W", "V1X", "V1Y"], feeCents: 500, freeOverCents: 7500, ...over } });
}

/** A weekly window; times as minutes after local midnight (Saturday 09:00–13:00, 40 h cutoff by default). */
export async function createWindow(
  farmId: number,
  over: Partial<{ kind: FulfilmentKind; weekday: number; startMinute: number; endMinute: number; cutoffHours: number; capacity: number | null; pickupPointId: number | null }> = {},
) {
  return db.fulfilmentWindow.create({ data: { farmId, kind: "pickup", weekday: 6, startMinute: 9 * 60, endMinute: 13 * 60, cutoffHours: 40, ...over } });
}

/** A Saturday market pickup and a Wednesday delivery run with one zone: the seeded farms' usual set-up. */
export async function createPickupAndDelivery(farmId: number, opts: { capacity?: number | null; minimumOrderCents?: number } = {}) {
  const point = await createPickupPoint(farmId);
  const zone = await createDeliveryZone(farmId);
  const pickup = await createWindow(farmId, { kind: "pickup", pickupPointId: point.id, capacity: opts.capacity ?? null });
  const delivery = await createWindow(farmId, { kind: "delivery", weekday: 3, startMinute: 14 * 60, endMinute: 18 * 60, cutoffHours: 24, capacity: opts.capacity ?? null });
  if (opts.minimumOrderCents !== undefined) await db.farm.update({ where: { id: farmId }, data: { minimumOrderCents: opts.minimumOrderCents } });
  return { point, zone, pickup, delivery };
}
