import { db } from "@/lib/server/platform/db";
import type { FulfilmentKind } from "@/lib/generated/prisma/client";
import { slotOn } from "@/lib/server/fulfilment/time";
import { createUser } from "./factories";

/**
 * Fulfilment rows straight into the database, for tests that need a farm with windows without
 * going through PUT /api/my-farm/fulfilment (tests/fulfilment/settings.test.ts covers that call).
 */
export async function createPickupPoint(
  farmId: number,
  over: Partial<{ name: string; address: string; notes: string }> = {},
) {
  return db.pickupPoint.create({
    data: {
      farmId,
      name: "Kelowna Farmers' Market",
      address: "1304 Ellis St, Kelowna",
      notes: "Stall 12",
      ...over,
    },
  });
}

export async function createDeliveryZone(
  farmId: number,
  over: Partial<{
    name: string;
    postalPrefixes: string[];
    feeCents: number;
    freeOverCents: number | null;
  }> = {},
) {
  return db.deliveryZone.create({
    data: {
      farmId,
      name: "Kelowna",
      postalPrefixes: ["V1V", "V1W", "V1X", "V1Y"],
      feeCents: 500,
      freeOverCents: 7500,
      ...over,
    },
  });
}

/** A weekly window; times as minutes after local midnight (Saturday 09:00–13:00, 40 h cutoff by default). */
export async function createWindow(
  farmId: number,
  over: Partial<{
    kind: FulfilmentKind;
    weekday: number;
    startMinute: number;
    endMinute: number;
    cutoffHours: number;
    capacity: number | null;
    pickupPointId: number | null;
  }> = {},
) {
  return db.fulfilmentWindow.create({
    data: {
      farmId,
      kind: "pickup",
      weekday: 6,
      startMinute: 9 * 60,
      endMinute: 13 * 60,
      cutoffHours: 40,
      ...over,
    },
  });
}

/** A Saturday market pickup and a Wednesday delivery run with one zone: the seeded farms' usual set-up. */
export async function createPickupAndDelivery(
  farmId: number,
  opts: { capacity?: number | null; minimumOrderCents?: number } = {},
) {
  const point = await createPickupPoint(farmId);
  const zone = await createDeliveryZone(farmId);
  const pickup = await createWindow(farmId, {
    kind: "pickup",
    pickupPointId: point.id,
    capacity: opts.capacity ?? null,
  });
  const delivery = await createWindow(farmId, {
    kind: "delivery",
    weekday: 3,
    startMinute: 14 * 60,
    endMinute: 18 * 60,
    cutoffHours: 24,
    capacity: opts.capacity ?? null,
  });
  if (opts.minimumOrderCents !== undefined)
    await db.farm.update({
      where: { id: farmId },
      data: { minimumOrderCents: opts.minimumOrderCents },
    });
  return { point, zone, pickup, delivery };
}

type OrderLine = { product: { id: number; name: string; priceCents: number }; quantity: number };
type Place = {
  pickupName?: string;
  pickupAddress?: string;
  deliveryAddress?: string;
  postalCode?: string;
};

/**
 * An order of a fresh buyer placed straight in the database in `window`'s slot on `localDate`
 * (America/Vancouver), with its handover copy as checkout writes it and the slot's place taken
 * (tests/fulfilment/checkout.test.ts goes through checkout itself).
 */
export async function createOrderInSlot(
  farmId: number,
  window: Awaited<ReturnType<typeof createWindow>>,
  localDate: string,
  {
    buyerName,
    lines = [],
    place = {},
    status = "active",
  }: {
    buyerName?: string;
    lines?: OrderLine[];
    place?: Place;
    status?: "active" | "completed" | "cancelled";
  } = {},
) {
  const timeZone = "America/Vancouver";
  const buyer = await createUser(buyerName ? { fullName: buyerName } : {});
  const times = slotOn(window, localDate, timeZone)!;
  const slot = await db.fulfilmentSlot.upsert({
    where: { windowId_localDate: { windowId: window.id, localDate } },
    create: { windowId: window.id, localDate, booked: 1 },
    update: { booked: { increment: 1 } },
  });
  return db.order.create({
    data: {
      userId: buyer.id,
      farmId,
      status,
      isPaid: true,
      checkoutRef: `CO-${Math.random().toString(16).slice(2, 10)}`,
      totalCents: lines.reduce((s, l) => s + l.product.priceCents * l.quantity, 0),
      itemCount: lines.reduce((s, l) => s + l.quantity, 0),
      items: {
        create: lines.map((l) => ({
          productId: l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          priceCents: l.product.priceCents,
        })),
      },
      fulfilment: {
        create: {
          farmId,
          slotId: slot.id,
          kind: window.kind,
          startsAt: times.start,
          endsAt: times.end,
          cutoffAt: times.cutoff,
          localDate,
          timeZone,
          ...place,
        },
      },
    },
  });
}

type WindowInput = {
  kind: "pickup" | "delivery";
  weekday: number;
  start: string;
  end: string;
  cutoffHours: number;
  capacity?: number | null;
  pickupPointIndex?: number;
  pickupPointId?: number;
};

/** A window as PUT /api/my-farm/fulfilment takes it: Saturday 09:00–13:00 at the first point, 40 h cutoff. */
export function pickupWindowInput(over: Partial<WindowInput> = {}): WindowInput {
  return {
    kind: "pickup",
    weekday: 6,
    start: "09:00",
    end: "13:00",
    cutoffHours: 40,
    pickupPointIndex: 0,
    ...over,
  };
}

/** A pickup window as GET /api/my-farm/fulfilment answers it: Saturday 09:00–13:00, 40 h cutoff, no cap. */
export function savedPickupWindow(over: {
  id: number;
  pickupPointId: number;
  capacity?: number | null;
}) {
  return {
    kind: "pickup" as const,
    weekday: 6,
    start: "09:00",
    end: "13:00",
    cutoffHours: 40,
    capacity: null,
    ...over,
  };
}

/** A delivery window as the PUT takes it: Wednesday 14:00–18:00, 24 h cutoff. */
export function deliveryWindowInput(over: Partial<WindowInput> = {}): WindowInput {
  return { kind: "delivery", weekday: 3, start: "14:00", end: "18:00", cutoffHours: 24, ...over };
}

/** A saved address in the buyer's address book (1450 Bernard Ave, Kelowna V1Y 6N2 by default). */
export async function createAddress(
  userId: number,
  over: Partial<{
    label: string;
    line1: string;
    city: string;
    postalCode: string;
    isDefault: boolean;
  }> = {},
) {
  return db.address.create({
    data: {
      userId,
      label: "Home",
      line1: "1450 Bernard Ave",
      city: "Kelowna",
      postalCode: "V1Y 6N2",
      ...over,
    },
  });
}
