import "server-only";
import { centsToDollars } from "@/lib/money";
import type { Farm, Order, OrderEvent, OrderItem, Prisma } from "@/lib/generated/prisma/client";
import {
  adjustmentInclude,
  serializeAdjustment,
  type AdjustmentRow,
} from "@/lib/server/adjustments/serialize";
import {
  serializeOrderFulfilment,
  type OrderFulfilmentRow,
} from "@/lib/server/fulfilment/serialize";
import { toLocalIso } from "@/lib/server/fulfilment/time";
import { serializeTaxes } from "@/lib/tax";
import { caseSizeFor, levelOf } from "@/lib/server/catalog/pricing";

import type { OrderDetailJson, OrderJson } from "@/lib/contracts/orders";

/** What a line shows beside the order's own columns: the product's unit and case size. */
export const orderLineInclude = {
  orderBy: { id: "asc" },
  include: { product: { select: { unit: true, caseSize: true } } },
} satisfies Prisma.Order$itemsArgs;

export const orderInclude = {
  farm: { select: { id: true, farmName: true, userId: true } },
  user: { select: { userType: true } },
  items: orderLineInclude,
  fulfilment: { include: { slot: { select: { windowId: true, localDate: true } } } },
} satisfies Prisma.OrderInclude;

export const orderDetailInclude = {
  ...orderInclude,
  events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  adjustments: { orderBy: { id: "asc" }, include: adjustmentInclude },
} satisfies Prisma.OrderInclude;

/** What an order's JSON is made of: the `orderInclude` read, or list-orders.ts' own SQL. */
export type OrderRow = Pick<
  Order,
  | "id"
  | "farmId"
  | "status"
  | "totalCents"
  | "taxes"
  | "isPaid"
  | "payment"
  | "statementId"
  | "itemCount"
  | "distanceKm"
  | "checkoutRef"
  | "createdAt"
  | "completedAt"
  | "cancelledAt"
> & {
  farm: Pick<Farm, "id" | "farmName" | "userId">;
  /** The buyer's type: a restaurant's lines count in cases (docs/restaurants.md, "Price levels"). */
  user: { userType: string };
  items: OrderLineRow[];
  fulfilment: OrderFulfilmentRow | null;
};
export type OrderLineRow = Pick<
  OrderItem,
  "id" | "productId" | "productName" | "quantity" | "priceCents"
> & { product: { unit: string; caseSize: number } };

/** One line of an order as the buyer's and the farm's order JSON show it, for this buyer. */
export function serializeOrderLine(
  i: OrderLineRow,
  buyer: { userType: string },
): OrderJson["items"][number] {
  return {
    id: i.id,
    productId: i.productId,
    productName: i.productName,
    unit: i.product.unit,
    caseSize: caseSizeFor(i.product, levelOf(buyer)),
    quantity: i.quantity,
    price: centsToDollars(i.priceCents),
    subtotal: centsToDollars(i.priceCents * i.quantity),
  };
}

export function serializeOrder(o: OrderRow): OrderJson {
  return {
    id: o.id,
    farmId: o.farmId,
    farm: { id: o.farm.id, farmName: o.farm.farmName, userId: o.farm.userId },
    status: o.status,
    ...serializeTaxes(o.totalCents, o.taxes),
    totalAmount: centsToDollars(o.totalCents),
    isPaid: o.isPaid,
    payment: o.payment,
    statementId: o.statementId,
    itemCount: o.itemCount,
    distance: Math.round(o.distanceKm * 10) / 10,
    checkoutRef: o.checkoutRef,
    createdAt: o.createdAt.toISOString(),
    completedAt: o.completedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    items: o.items.map((i) => serializeOrderLine(i, o.user)),
    fulfilment: o.fulfilment ? serializeOrderFulfilment(o.fulfilment) : null,
    // An order with a slot can be changed until its cutoff while it is active (docs/fulfilment.md).
    editableUntil:
      o.fulfilment && o.status === "active"
        ? toLocalIso(o.fulfilment.cutoffAt, o.fulfilment.timeZone)
        : null,
  };
}

export function serializeOrderDetail(
  o: OrderRow & { events: OrderEvent[]; adjustments: AdjustmentRow[] },
): OrderDetailJson {
  return {
    ...serializeOrder(o),
    events: o.events.map((e) => ({
      status: e.status,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    adjustments: o.adjustments.map(serializeAdjustment),
  };
}
