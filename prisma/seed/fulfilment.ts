import { DEMO_USER, FARMS } from "@/prisma/seed-data/catalog";
import {
  DEMO_ADDRESSES,
  DEMO_ORDER_HANDOVER,
  FULFILMENT,
  MARKET,
  ZONES,
} from "@/prisma/seed-data/fulfilment";
import { minutesOfClock } from "@/lib/validators/fulfilment";
import { upcomingSlots } from "@/lib/server/fulfilment/time";
import { cardText } from "@/lib/server/orders/adjust-order";
import type { SeedContext, SeedLog, Tx } from "./types";

const TIME_ZONE = "America/Vancouver";

/**
 * The demo farms' pickup points, delivery zones and weekly windows (prisma/seed-data/fulfilment.ts).
 * A farm that already has any window, point or zone is left as it is (the farmer may have changed
 * them), so a second run writes nothing.
 */
export async function ensureFulfilment(
  tx: Tx,
  farmIds: Map<string, number>,
  log: SeedLog,
): Promise<void> {
  let farms = 0;
  let windows = 0;
  for (const f of FARMS) {
    const setup = FULFILMENT[f.slug];
    if (!setup) continue;
    const farmId = farmIds.get(f.slug)!;
    const [w, p, z] = [
      await tx.fulfilmentWindow.count({ where: { farmId } }),
      await tx.pickupPoint.count({ where: { farmId } }),
      await tx.deliveryZone.count({ where: { farmId } }),
    ];
    if (w + p + z > 0) continue;
    await tx.farm.update({
      where: { id: farmId },
      data: { timeZone: TIME_ZONE, minimumOrderCents: setup.minimumOrderCents },
    });
    const market = setup.windows.some((x) => x.point === "market")
      ? await tx.pickupPoint.create({ data: { farmId, ...MARKET } })
      : null;
    const gate = setup.gate
      ? await tx.pickupPoint.create({
          data: { farmId, name: setup.gate.name, address: f.location, notes: setup.gate.notes },
        })
      : null;
    if (setup.delivery)
      await tx.deliveryZone.createMany({ data: ZONES.map((zone) => ({ farmId, ...zone })) });
    await tx.fulfilmentWindow.createMany({
      data: setup.windows.map((x) => ({
        farmId,
        kind: x.kind,
        weekday: x.weekday,
        startMinute: minutesOfClock(x.start),
        endMinute: minutesOfClock(x.end),
        cutoffHours: x.cutoffHours,
        capacity: x.capacity ?? null,
        pickupPointId: x.point === "market" ? market!.id : x.point === "gate" ? gate!.id : null,
      })),
    });
    farms++;
    windows += setup.windows.length;
  }
  log(`fulfilment: ${farms} farms set up (${windows} weekly windows)`);
}

/** The demo shopper's address book; left alone once it has any address. */
export async function ensureDemoAddresses(
  tx: Tx,
  userIds: Map<string, number>,
  log: SeedLog,
): Promise<void> {
  const userId = userIds.get(DEMO_USER.email)!;
  if (await tx.address.count({ where: { userId } })) return;
  await tx.address.createMany({ data: DEMO_ADDRESSES.map((a) => ({ userId, ...a })) });
  log(`demo addresses: ${DEMO_ADDRESSES.length}`);
}

/**
 * Gives the demo shopper's active orders at farms with windows their handover: the soonest slot of
 * the chosen kind whose cutoff is still ahead of `now`, so the demo shows orders that can still be
 * changed. Booked counts rise as a checkout would raise them.
 */
export async function ensureDemoHandovers(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const userId = userIds.get(DEMO_USER.email)!;
  const home = await tx.address.findFirst({ where: { userId, isDefault: true } });
  let given = 0;
  for (const [slug, kind] of Object.entries(DEMO_ORDER_HANDOVER)) {
    const farmId = farmIds.get(slug)!;
    const order = await tx.order.findFirst({
      where: { userId, farmId, status: "active", fulfilment: null },
      orderBy: { id: "desc" },
    });
    if (!order) continue;
    const windows = await tx.fulfilmentWindow.findMany({
      where: { farmId, kind, archived: false },
      include: { pickupPoint: true },
    });
    const [slot] = upcomingSlots(windows, TIME_ZONE, now, 14);
    if (!slot) continue;
    const window = windows.find((w) => w.id === slot.windowId)!;
    const zone =
      kind === "delivery"
        ? await tx.deliveryZone.findFirst({
            where: {
              farmId,
              archived: false,
              postalPrefixes: { has: home?.postalCode.slice(0, 3) ?? "" },
            },
          })
        : null;
    if (kind === "delivery" && (!home || !zone)) continue;
    const row = await tx.fulfilmentSlot.upsert({
      where: { windowId_localDate: { windowId: slot.windowId, localDate: slot.localDate } },
      create: { windowId: slot.windowId, localDate: slot.localDate, booked: 1 },
      update: { booked: { increment: 1 } },
    });
    await tx.orderFulfilment.create({
      data: {
        orderId: order.id,
        farmId,
        slotId: row.id,
        kind,
        startsAt: slot.start,
        endsAt: slot.end,
        cutoffAt: slot.cutoff,
        localDate: slot.localDate,
        timeZone: TIME_ZONE,
        ...(kind === "pickup" && window.pickupPoint
          ? {
              pickupPointId: window.pickupPoint.id,
              pickupName: window.pickupPoint.name,
              pickupAddress: window.pickupPoint.address,
              pickupNotes: window.pickupPoint.notes,
            }
          : {}),
        // The seeded order was paid before it had a slot, so its delivery is on the house (fee 0, also after edits).
        ...(kind === "delivery" && home && zone
          ? {
              deliveryAddress: `${home.line1}, ${home.city}`,
              postalCode: home.postalCode,
              zoneId: zone.id,
            }
          : {}),
      },
    });
    given++;
  }
  log(`demo handovers: ${given} active orders with a slot`);
}

/**
 * A pending adjustment card in the demo shopper's conversation with Winfield Creamery (docs/adjustments.md):
 * the farm proposes cheddar for the butter of the active order. Nothing moves until the shopper
 * accepts or declines, so the seeded ledger stays as it is. Left alone once the order has any card.
 */
export async function ensureDemoAdjustment(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const buyerId = userIds.get(DEMO_USER.email)!;
  const farmId = farmIds.get("winfield-creamery")!;
  const order = await tx.order.findFirst({
    where: { userId: buyerId, farmId, status: "active" },
    include: { items: true, farm: { select: { farmName: true, userId: true } } },
    orderBy: { id: "desc" },
  });
  const butter = order?.items.find((i) => i.productName === "Cultured Butter");
  if (!order || !butter || (await tx.orderAdjustment.count({ where: { orderId: order.id } })))
    return;
  const cheddar = await tx.product.findFirst({ where: { farmId, name: "Aged Cheddar" } });
  if (!cheddar) return;
  const lines = [
    {
      itemId: butter.id,
      before: {
        productId: butter.productId,
        name: butter.productName,
        quantity: butter.quantity,
        priceCents: butter.priceCents,
      },
      after: {
        productId: cheddar.id,
        name: cheddar.name,
        quantity: butter.quantity,
        priceCents: cheddar.priceCents,
      },
    },
  ];
  const deltaCents = lines.reduce(
    (sum, l) =>
      sum + l.after.quantity * l.after.priceCents - l.before.quantity * l.before.priceCents,
    0,
  );
  const note = "The butter churn is down this week: would our aged cheddar do instead?";
  const at = new Date(now.getTime() - 2 * 3600 * 1000);
  const card = await tx.orderAdjustment.create({
    data: {
      orderId: order.id,
      farmId,
      buyerId,
      status: "pending",
      lines,
      deltaCents,
      note,
      orderVersion: order.version,
      createdAt: at,
    },
  });
  const message = await tx.message.create({
    data: {
      senderId: order.farm.userId,
      receiverId: buyerId,
      content: cardText(order.id, order.farm.farmName, lines, deltaCents, false, note),
      kind: "adjustment",
      adjustmentId: card.id,
      timestamp: at,
    },
  });
  await tx.orderAdjustment.update({ where: { id: card.id }, data: { messageId: message.id } });
  log(`demo adjustment: a pending card on order #${order.id} (${order.farm.farmName})`);
}
