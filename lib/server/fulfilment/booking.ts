import "server-only";
import { formatSlotMoment, possessive } from "@/lib/format";
import { pickZone } from "@/lib/delivery-fee";
import { AppError, badRequest } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";
import { formatCents } from "@/lib/server/wallet/serialize";
import type { Prisma } from "@/lib/generated/prisma/client";
import { parseSlotId, SLOT_DAYS_MAX, type FulfilmentChoice } from "@/lib/validators/fulfilment";
import { slotOn, toLocalIso } from "./time";

/**
 * Checkout's side of fulfilment (docs/fulfilment.md, "Checkout"): for one farm's order, check the
 * buyer's choice against the farm's live windows, points and zones (loadFulfilmentSettings reads
 * them for every farm of a cart at once, planFulfilment checks one farm's), then take a place in the
 * slot (bookSlot) and copy the handover onto the order (fulfilmentRecord). All of it runs inside the checkout's transaction, so any refusal rolls back.
 */

type FarmRef = { id: number; farmName: string };

/** A farm's minimum, zone, live windows (with their points) and live delivery zones, as planFulfilment reads them. */
export type FulfilmentSettings =
  Awaited<ReturnType<typeof loadFulfilmentSettings>> extends Map<number, infer S> ? S : never;

/** The fulfilment settings of every farm in a cart, in one read. */
export async function loadFulfilmentSettings(tx: Tx, farmIds: number[]) {
  const farms = await tx.farm.findMany({
    where: { id: { in: farmIds } },
    select: {
      id: true,
      timeZone: true,
      minimumOrderCents: true,
      windows: { where: { archived: false }, include: { pickupPoint: true } },
      deliveryZones: { where: { archived: false }, orderBy: { id: "asc" } },
    },
  });
  return new Map(farms.map((f) => [f.id, f]));
}

/** "Sat 28 Nov, 9:00 am" in the farm's zone: how a refusal names a slot or a cutoff. */
export function localLabel(at: Date, timeZone: string): string {
  return formatSlotMoment(toLocalIso(at, timeZone));
}

/** What this farm's order will carry: null for a farm that sells without windows. */
/** A delivery address from the buyer's address book (docs/fulfilment.md, "Checkout"). */
export type DeliveryAddress = { text: string; postalCode: string };

/** The address-book entries a checkout's choices name, read once and only among the buyer's own. */
export async function deliveryAddresses(
  tx: Tx,
  userId: number,
  choices: FulfilmentChoice[],
): Promise<Map<number, DeliveryAddress>> {
  const ids = choices.flatMap((c) => (c.addressId ? [c.addressId] : []));
  if (!ids.length) return new Map();
  const rows = await tx.address.findMany({
    where: { userId, id: { in: ids } },
    select: { id: true, line1: true, city: true, postalCode: true },
  });
  return new Map(
    rows.map((a) => [a.id, { text: `${a.line1}, ${a.city}`, postalCode: a.postalCode }]),
  );
}

export type FulfilmentPlan = {
  windowId: number;
  localDate: string;
  feeCents: number;
  /** "Green Acres's Sat 28 Nov, 9:00 am pickup": how refusals name the slot. */
  what: string;
  record: Omit<Prisma.OrderFulfilmentUncheckedCreateWithoutOrderInput, "slotId" | "feeCents">;
};

/**
 * Checks one farm's choice and prices its delivery, without writing anything. `goodsCents` is the
 * farm order's goods total (the minimum and the free-delivery threshold read it).
 */
export function planFulfilment(
  settings: FulfilmentSettings,
  farm: FarmRef,
  goodsCents: number,
  choice: FulfilmentChoice | undefined,
  now: Date,
  /** The buyer's address-book entry that `choice.addressId` names (null: none of theirs). */
  address: DeliveryAddress | null = null,
): FulfilmentPlan | null {
  const field = `fulfilment.${farm.id}`;

  if (goodsCents < settings.minimumOrderCents) {
    throw new AppError(
      "below_minimum",
      `The minimum order at ${farm.farmName} is ${formatCents(settings.minimumOrderCents)}`,
    );
  }

  // A pickup window whose point was retired has nowhere to hand over: it offers no slot (as the slot list).
  const windows = settings.windows.filter(
    (w) => w.kind === "delivery" || (w.pickupPoint && !w.pickupPoint.archived),
  );
  if (windows.length === 0) {
    if (choice) {
      const message = `${farm.farmName} sells without pickup or delivery times`;
      throw badRequest(message, { [field]: message });
    }
    return null;
  }
  if (!choice)
    throw new AppError("slot_required", `Choose a pickup or delivery time for ${farm.farmName}`);

  const parsed = parseSlotId(choice.slotId);
  const window = parsed && windows.find((w) => w.id === parsed.windowId);
  const slot = parsed && window ? slotOn(window, parsed.localDate, settings.timeZone) : null;
  if (!window || !slot)
    throw new AppError(
      "slot_closed",
      `That pickup or delivery time is no longer offered by ${farm.farmName}: choose another`,
    );

  const what = `${possessive(farm.farmName)} ${localLabel(slot.start, settings.timeZone)} ${window.kind}`;
  if (now.getTime() >= slot.cutoff.getTime()) {
    throw new AppError(
      "slot_closed",
      `Orders for ${what} closed at ${localLabel(slot.cutoff, settings.timeZone)}: choose another time`,
    );
  }
  if (slot.start.getTime() > now.getTime() + SLOT_DAYS_MAX * 24 * 3600_000) {
    throw new AppError("slot_closed", `Orders for ${what} are not open yet: choose a sooner time`);
  }

  const common = {
    farmId: farm.id,
    kind: window.kind,
    startsAt: slot.start,
    endsAt: slot.end,
    cutoffAt: slot.cutoff,
    localDate: slot.localDate,
    timeZone: settings.timeZone,
  };
  if (window.kind === "pickup") {
    const point = window.pickupPoint!;
    return {
      windowId: window.id,
      localDate: slot.localDate,
      feeCents: 0,
      what,
      record: {
        ...common,
        pickupPointId: point.id,
        pickupName: point.name,
        pickupAddress: point.address,
        pickupNotes: point.notes,
      },
    };
  }

  if (!address) {
    const message = choice.addressId
      ? "Choose one of your addresses"
      : `Choose the delivery address for ${farm.farmName}`;
    throw badRequest(message, { [`${field}.addressId`]: message });
  }
  // Several zones may cover one code: the buyer pays the cheapest (after any free-over waiver).
  const priced = pickZone(settings.deliveryZones, address.postalCode, goodsCents, (z) => z);
  if (!priced) {
    const message = `${farm.farmName} does not deliver to ${address.postalCode}`;
    throw badRequest(message, { [`${field}.addressId`]: message });
  }
  const { zone, feeCents: fee } = priced;
  return {
    windowId: window.id,
    localDate: slot.localDate,
    feeCents: fee,
    what,
    record: {
      ...common,
      deliveryAddress: address.text,
      postalCode: address.postalCode,
      zoneId: zone.id,
      zoneFeeCents: zone.feeCents,
      freeOverCents: zone.freeOverCents,
    },
  };
}

/**
 * Takes one place in the slot, or refuses with 409 slot_full. The slot row is created on first
 * use; the conditional UPDATE is the capacity check, so concurrent checkouts queue on the row lock
 * and the loser's WHERE no longer holds (the same pattern as stock). Returns the slot row's id.
 */
export async function bookSlot(tx: Tx, plan: FulfilmentPlan): Promise<number> {
  await tx.$executeRaw`
    INSERT INTO "FulfilmentSlot" ("windowId", "localDate") VALUES (${plan.windowId}, ${plan.localDate})
    ON CONFLICT ("windowId", "localDate") DO NOTHING`;
  const rows = await tx.$queryRaw<{ id: number }[]>`
    UPDATE "FulfilmentSlot" s SET "booked" = s."booked" + 1
    FROM "FulfilmentWindow" w
    WHERE w."id" = s."windowId" AND s."windowId" = ${plan.windowId} AND s."localDate" = ${plan.localDate}
      AND (w."capacity" IS NULL OR s."booked" < w."capacity")
    RETURNING s."id"`;
  if (rows.length === 0)
    throw new AppError("slot_full", `${plan.what} is full: choose another time`);
  return rows[0].id;
}

/** The order's copy of its handover (OrderFulfilment create data, nested under the order). */
export function fulfilmentRecord(plan: FulfilmentPlan, slotId: number) {
  return { ...plan.record, slotId, feeCents: plan.feeCents };
}

/** An active order that ends early (cancelled) gives its place in the slot back. */
export async function releaseSlot(tx: Tx, orderId: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE "FulfilmentSlot" SET "booked" = "booked" - 1
    WHERE "id" = (SELECT "slotId" FROM "OrderFulfilment" WHERE "orderId" = ${orderId}) AND "booked" > 0`;
}
