import "server-only";
import { db } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import { centsToDollars } from "@/lib/money";
import type { FarmFulfilmentJson, SlotJson } from "@/lib/contracts/fulfilment";
import { slotIdOf } from "@/lib/validators/fulfilment";
import { farmTaxRates } from "@/lib/server/tax/rates";
import { serializePickupPoint, serializeZone } from "./serialize";
import { toLocalIso, upcomingSlots } from "./time";
import * as clock from "@/lib/server/platform/clock";

/**
 * The slots buyers choose from (docs/fulfilment.md): every upcoming occurrence of the farm's live
 * windows whose cutoff has not passed, with the places left. Two queries: the farm with its
 * windows, points and zones, then the booked counts of those dates.
 */
async function loadFarm(farmId: number) {
  const farm = await db.farm.findUnique({
    where: { id: farmId },
    select: {
      id: true,
      farmName: true,
      timeZone: true,
      minimumOrderCents: true,
      windows: { where: { archived: false }, include: { pickupPoint: true } },
      deliveryZones: { where: { archived: false }, orderBy: { id: "asc" } },
    },
  });
  if (!farm) throw notFound("Farm not found");
  return farm;
}

type LoadedFarm = Awaited<ReturnType<typeof loadFarm>>;

async function slotsOf(farm: LoadedFarm, days: number, now: Date): Promise<SlotJson[]> {
  // A pickup window whose point was retired has nowhere to hand over: it offers no slot.
  const windows = farm.windows.filter(
    (w) => w.kind === "delivery" || (w.pickupPoint && !w.pickupPoint.archived),
  );
  if (windows.length === 0) return [];
  const slots = upcomingSlots(windows, farm.timeZone, now, days);
  if (slots.length === 0) return [];
  const booked = await db.fulfilmentSlot.findMany({
    where: {
      windowId: { in: windows.map((w) => w.id) },
      localDate: { in: [...new Set(slots.map((s) => s.localDate))] },
    },
    select: { windowId: true, localDate: true, booked: true },
  });
  const bookedBy = new Map(booked.map((b) => [slotIdOf(b.windowId, b.localDate), b.booked]));
  const byId = new Map(windows.map((w) => [w.id, w]));
  const cheapestFee = farm.deliveryZones.length
    ? Math.min(...farm.deliveryZones.map((z) => z.feeCents))
    : 0;
  return slots.map((s) => {
    const w = byId.get(s.windowId)!;
    const slotId = slotIdOf(s.windowId, s.localDate);
    return {
      slotId,
      kind: w.kind,
      start: toLocalIso(s.start, farm.timeZone),
      end: toLocalIso(s.end, farm.timeZone),
      cutoff: toLocalIso(s.cutoff, farm.timeZone),
      ...(w.kind === "pickup" && w.pickupPoint
        ? { pickupPoint: serializePickupPoint(w.pickupPoint) }
        : {}),
      fee: w.kind === "delivery" ? centsToDollars(cheapestFee) : 0,
      remaining: w.capacity === null ? null : Math.max(0, w.capacity - (bookedBy.get(slotId) ?? 0)),
    };
  });
}

/** GET /api/farms/{id}/slots */
export async function listSlots(farmId: number, days: number, now?: Date): Promise<SlotJson[]> {
  return slotsOf(await loadFarm(farmId), days, now ?? (await clock.now()));
}

/** GET /api/farms/{id}/fulfilment: what checkout shows for one farm. */
export async function farmFulfilment(
  farmId: number,
  days: number,
  now?: Date,
): Promise<FarmFulfilmentJson> {
  now ??= await clock.now();
  const farm = await loadFarm(farmId);
  return {
    farmId: farm.id,
    farmName: farm.farmName,
    timeZone: farm.timeZone,
    minimumOrder: centsToDollars(farm.minimumOrderCents),
    deliveryZones: farm.deliveryZones.map(serializeZone),
    slots: await slotsOf(farm, days, now),
    taxRates: (await farmTaxRates(db, [farm.id], now)).get(farm.id) ?? [],
  };
}

/** The farm's soonest slot that still takes orders (product and farm pages), or null. */
export async function nextSlot(
  farmId: number,
  now?: Date,
): Promise<(SlotJson & { timeZone: string }) | null> {
  now ??= await clock.now();
  const farm = await loadFarm(farmId);
  const open = (await slotsOf(farm, 14, now)).find((s) => s.remaining === null || s.remaining > 0);
  return open ? { ...open, timeZone: farm.timeZone } : null;
}

/** nextSlot for a page line that is worth having but not worth failing the page for. */
export function nextSlotOrNone(farmId: number): Promise<(SlotJson & { timeZone: string }) | null> {
  return nextSlot(farmId).catch((error: unknown) => {
    // The page stays useful without the line; the reason goes to the server log.
    console.error("[next-slot] failed to load:", error);
    return null;
  });
}
