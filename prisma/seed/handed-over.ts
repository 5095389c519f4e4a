import { farmTaxRates } from "@/lib/server/tax/rates";
import { computeTaxes, taxTotal } from "@/lib/tax";
import type { Tx } from "./types";

export type SeedLine = {
  productId: number;
  productName: string;
  quantity: number;
  priceCents: number;
  taxClass: "zero" | "standard" | "liquor";
};

/**
 * The dates and status history of an order placed at `placedAt` (its first event says how it is
 * paid) and picked up at `handedAt`.
 */
export function handedOverHistory(placedAt: Date, handedAt: Date, placedNote: string) {
  return {
    createdAt: placedAt,
    updatedAt: handedAt,
    completedAt: handedAt,
    events: {
      create: [
        { status: "active" as const, note: placedNote, createdAt: placedAt },
        { status: "completed" as const, note: "Picked up", createdAt: handedAt },
      ],
    },
  };
}

/**
 * A past order paid from the wallet and picked up, taxed at the farm's rates of its day as a
 * checkout would tax it. The caller writes the wallet's side (its seed decides how it was funded).
 */
export async function createHandedOverOrder(
  tx: Tx,
  order: {
    userId: number;
    farmId: number;
    items: SeedLine[];
    placedAt: Date;
    handedAt: Date;
    checkoutRef: string;
    distanceKm?: number;
  },
): Promise<{ id: number; totalCents: number; farmName: string }> {
  const { farmId, items, placedAt, handedAt } = order;
  const taxRates = (await farmTaxRates(tx, [farmId], placedAt)).get(farmId) ?? [];
  const taxes = computeTaxes(
    items.map((i) => ({ amountCents: i.priceCents * i.quantity, taxClass: i.taxClass })),
    0,
    taxRates,
  );
  const totalCents = items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0) + taxTotal(taxes);
  const created = await tx.order.create({
    data: {
      userId: order.userId,
      farmId,
      status: "completed",
      isPaid: true,
      totalCents,
      itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
      ...(order.distanceKm !== undefined ? { distanceKm: order.distanceKm } : {}),
      checkoutRef: order.checkoutRef,
      taxRates,
      taxes,
      items: { create: items },
      ...handedOverHistory(placedAt, handedAt, "Paid from wallet"),
    },
    select: { id: true, farm: { select: { farmName: true } } },
  });
  return { id: created.id, totalCents, farmName: created.farm.farmName };
}
