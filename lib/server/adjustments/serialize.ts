import "server-only";
import { centsToDollars } from "@/lib/money";
import { formatCents } from "@/lib/server/wallet/serialize";
import type { OrderAdjustment, Prisma } from "@/lib/generated/prisma/client";
import type { AdjustmentJson } from "@/lib/contracts/adjustments";

export type LineState = { productId: number; name: string; quantity: number; priceCents: number };
/** One entry of `OrderAdjustment.lines` (the JSON column). */
export type StoredLine = { itemId: number; before: LineState; after: LineState };

/** What a card needs besides its own row: the farm's name (through the order). */
export const adjustmentInclude = {
  order: { select: { farm: { select: { id: true, farmName: true } } } },
} as const satisfies Prisma.OrderAdjustmentInclude;
export type AdjustmentRow = OrderAdjustment & { order: { farm: { id: number; farmName: string } } };

const state = (s: LineState) => ({
  productId: s.productId,
  name: s.name,
  quantity: s.quantity,
  price: centsToDollars(s.priceCents),
});

export function storedLines(a: Pick<OrderAdjustment, "lines">): StoredLine[] {
  return a.lines as unknown as StoredLine[];
}

export function serializeAdjustment(a: AdjustmentRow): AdjustmentJson {
  return {
    id: a.id,
    orderId: a.orderId,
    farm: { id: a.order.farm.id, farmName: a.order.farm.farmName },
    buyerId: a.buyerId,
    status: a.status,
    lines: storedLines(a).map((l) => ({
      itemId: l.itemId,
      before: state(l.before),
      after: state(l.after),
    })),
    delta: centsToDollars(a.deltaCents),
    note: a.note,
    messageId: a.messageId,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  };
}

/** "Carrots 4 → 2", "Kale 2 → none", "Kale 2 → Chard 2", "Kale 2 at $3.00 → $3.50": the change in words (cards, ledger, order history). */
export function describeLines(lines: StoredLine[]): string {
  return lines
    .map(({ before, after }) => {
      if (after.quantity === 0) return `${before.name} ${before.quantity} → none`;
      if (after.productId !== before.productId)
        return `${before.name} ${before.quantity} → ${after.name} ${after.quantity}`;
      if (after.quantity === before.quantity)
        return `${before.name} ${before.quantity} at ${formatCents(before.priceCents)} → ${formatCents(after.priceCents)}`;
      return `${before.name} ${before.quantity} → ${after.quantity}`;
    })
    .join(", ");
}
