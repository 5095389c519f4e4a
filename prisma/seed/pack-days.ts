import { hex } from "./refs";
import { upcomingSlots } from "@/lib/server/fulfilment/time";
import { generateWalletId } from "@/lib/server/wallet/wallet-id";
import { PACK_DAY_BUYER, PACK_DAY_ORDERS } from "@/prisma/seed-data/fulfilment";
import type { SeedContext } from "./types";

const TIME_ZONE = "America/Vancouver";

/**
 * A farmer's morning right after `npm start` (docs/fulfilment.md, "Pack list"): the README's
 * farmers each get one pickup order on each of their next two handover days, and Sunny Slope one
 * more due today at its all-day stand, ready to hand over, all from a restaurant
 * buyer who paid from a wallet topped up for it (its ledger adds up, docs/money.md). The buyer's
 * wallet is the marker: once it exists, nothing is written again.
 */
export async function ensureFarmerPackDays(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const userId = userIds.get(PACK_DAY_BUYER)!;
  if (await tx.wallet.findUnique({ where: { userId }, select: { id: true } })) {
    log("pack days: exist (unchanged)");
    return;
  }
  const placedAt = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const planned: {
    farmId: number;
    farmName: string;
    totalCents: number;
    create: () => Promise<number>;
  }[] = [];
  for (const { farm: slug, items } of PACK_DAY_ORDERS) {
    const farmId = farmIds.get(slug)!;
    const farm = await tx.farm.findUniqueOrThrow({
      where: { id: farmId },
      select: { farmName: true },
    });
    const windows = await tx.fulfilmentWindow.findMany({
      where: { farmId, kind: "pickup", archived: false },
      include: { pickupPoint: true },
    });
    // The orders were placed a few days ago, before the cutoffs: every slot not yet over counts.
    // A pickup open right now (Sunny Slope's all-day stand) is a handover due today, first.
    const slots = upcomingSlots(windows, TIME_ZONE, placedAt, 28).filter(
      (s) => s.end.getTime() > now.getTime(),
    );
    const running = slots.find((s) => s.start.getTime() <= now.getTime());
    const ahead = slots.filter(
      (s) => s.start.getTime() > now.getTime() && s.localDate !== running?.localDate,
    );
    const days = [
      ...(running ? [running.localDate] : []),
      ...[...new Set(ahead.map((s) => s.localDate))].slice(0, 2),
    ];
    const products = await tx.product.findMany({
      where: { farmId, name: { in: items.map(([name]) => name) } },
      select: { id: true, name: true, priceCents: true },
    });
    for (const [d, day] of days.entries()) {
      const slot = d === 0 && running ? running : ahead.find((s) => s.localDate === day)!;
      const window = windows.find((w) => w.id === slot.windowId)!;
      // One day gets every line, the other the first line only, so the two days read differently.
      const lines = (d === 0 ? items : items.slice(0, 1)).map(([name, quantity]) => {
        const p = products.find((x) => x.name === name);
        if (!p) throw new Error(`seed: pack day order names an unknown product "${name}"`);
        return { productId: p.id, productName: p.name, quantity, priceCents: p.priceCents };
      });
      const totalCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
      planned.push({
        farmId,
        farmName: farm.farmName,
        totalCents,
        create: async () => {
          const row = await tx.fulfilmentSlot.upsert({
            where: { windowId_localDate: { windowId: slot.windowId, localDate: slot.localDate } },
            create: { windowId: slot.windowId, localDate: slot.localDate, booked: 1 },
            update: { booked: { increment: 1 } },
          });
          const order = await tx.order.create({
            data: {
              userId,
              farmId,
              totalCents,
              isPaid: true,
              itemCount: lines.reduce((n, l) => n + l.quantity, 0),
              checkoutRef: `CO-${hex(6)}`,
              createdAt: placedAt,
              items: { create: lines },
              events: {
                create: [{ status: "active", note: "Paid from wallet", createdAt: placedAt }],
              },
              fulfilment: {
                create: {
                  farmId,
                  slotId: row.id,
                  kind: "pickup",
                  startsAt: slot.start,
                  endsAt: slot.end,
                  cutoffAt: slot.cutoff,
                  localDate: slot.localDate,
                  timeZone: TIME_ZONE,
                  ...(window.pickupPoint
                    ? {
                        pickupPointId: window.pickupPoint.id,
                        pickupName: window.pickupPoint.name,
                        pickupAddress: window.pickupPoint.address,
                        pickupNotes: window.pickupPoint.notes,
                      }
                    : {}),
                },
              },
            },
            select: { id: true },
          });
          return order.id;
        },
      });
    }
  }

  // Same ledger shape as a real top-up and checkout: the top-up covers the orders exactly.
  const topUp = planned.reduce((s, o) => s + o.totalCents, 0);
  await tx.transaction.create({
    data: {
      userId,
      type: "top_up",
      amountCents: topUp,
      description: "Wallet top-up",
      reference: `TOP-${hex(5)}`,
      timestamp: placedAt,
    },
  });
  for (const o of planned) {
    const id = await o.create();
    await tx.transaction.create({
      data: {
        userId,
        type: "order",
        amountCents: -o.totalCents,
        description: `Order #${id} from ${o.farmName}`,
        reference: `ORDER-${id}`,
        timestamp: placedAt,
      },
    });
  }
  await tx.wallet.create({
    data: { userId, walletId: generateWalletId(), balanceCents: 0, createdAt: placedAt },
  });
  log(`pack days: ${planned.length} orders for ${PACK_DAY_ORDERS.length} farms' handover days`);
}
