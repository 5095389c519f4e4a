import "server-only";
import { recordOrderEarnings, reverseOrderEarnings } from "@/lib/server/payments/farm-ledger";
import { db } from "@/lib/server/platform/db";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import { AppError, notFound } from "@/lib/server/platform/errors";
import { toLocalIso } from "@/lib/server/fulfilment/time";
import { formatSlot } from "@/lib/format";
import { centsToDollars } from "@/lib/money";
import { serializeOrderFulfilment } from "@/lib/server/fulfilment/serialize";
import { orderLineInclude, serializeOrderLine } from "./serialize";
import { sendMessage } from "@/lib/server/messages/send-message";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { afterTimeCursor, toTimePage } from "@/lib/server/platform/pagination";
import type { Page, TimeCursor } from "@/lib/validators/page";
import { requireOwnFarm } from "@/lib/server/farm/access";
import type { IncomingOrderJson } from "@/lib/contracts/farm";
import { serializeTaxes } from "@/lib/tax";
import { HANDOVER_UNDO_MINUTES } from "@/lib/validators/fulfilment";

const incomingInclude = {
  user: { select: { id: true, fullName: true, userType: true } },
  items: orderLineInclude,
  fulfilment: { include: { slot: { select: { windowId: true, localDate: true } } } },
} satisfies Prisma.OrderInclude;

type IncomingRow = Prisma.OrderGetPayload<{ include: typeof incomingInclude }>;

function toIncomingOrderJson(o: IncomingRow): IncomingOrderJson {
  return {
    id: o.id,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    completedAt: o.completedAt?.toISOString() ?? null,
    buyer: { id: o.user.id, fullName: o.user.fullName },
    itemCount: o.itemCount,
    ...serializeTaxes(o.totalCents, o.taxes),
    totalAmount: centsToDollars(o.totalCents),
    payment: o.payment,
    items: o.items.map((i) => serializeOrderLine(i, o.user)),
    fulfilment: o.fulfilment ? serializeOrderFulfilment(o.fulfilment) : null,
  };
}

/** A handover's answer, and whether it is the stored one of an earlier request with its key. */
export type Handover = {
  value: { order: IncomingOrderJson; notified: boolean };
  replayed: boolean;
};
/** What a handover (or its undo) stores under its key: the order and its round of handovers. */
type Handed = { order: IncomingOrderJson; round: number };
const handed = (o: IncomingRow): Handed => ({
  order: toIncomingOrderJson(o),
  round: o.handoverUndos,
});

/**
 * A page of the farm's active orders, oldest first; the first page (no cursor) also counts them
 * all, for the heading's count (the route answers it as `X-Total-Count`).
 */
export async function listIncomingOrders(
  user: SessionUser,
  page: { limit: number; cursor?: TimeCursor },
): Promise<Page<IncomingOrderJson> & { total?: number }> {
  const farm = await requireOwnFarm(user);
  if (page.cursor) return incomingPage(farm.id, page);
  const [first, total] = await Promise.all([
    incomingPage(farm.id, page),
    db.order.count({ where: { farmId: farm.id, status: "active" } }),
  ]);
  return { ...first, total };
}

async function incomingPage(
  farmId: number,
  page: { limit: number; cursor?: TimeCursor },
): Promise<Page<IncomingOrderJson>> {
  const rows = await db.order.findMany({
    where: { farmId, status: "active", ...afterTimeCursor("createdAt", page.cursor, "asc") },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: incomingInclude,
    take: page.limit + 1,
  });
  return toTimePage(rows, page.limit, "createdAt", toIncomingOrderJson);
}

export function completionMessage(orderId: number, farmName: string): string {
  return `Your order #${orderId} from ${farmName} is ready and has been marked completed. Thank you for buying local!`;
}

/**
 * An order handed over at a slot is completed from that slot's start, never before: until its
 * cutoff the buyer may still cancel it (docs/fulfilment.md). A slot's times never change once the
 * order holds it, so checking ahead of the completion's transaction is enough.
 */
async function refuseBeforeSlot(farmId: number, orderId: number, now: Date) {
  const slot = await db.orderFulfilment.findFirst({
    where: { orderId, order: { farmId } },
    select: { kind: true, startsAt: true, endsAt: true, timeZone: true },
  });
  if (!slot || slot.startsAt <= now) return;
  const when = formatSlot(
    toLocalIso(slot.startsAt, slot.timeZone),
    toLocalIso(slot.endsAt, slot.timeZone),
  );
  throw new AppError(
    "order_not_started",
    `Order #${orderId} cannot be completed before its ${slot.kind} on ${when}: until its cutoff the buyer can still cancel it`,
  );
}

/**
 * "Mark completed": the farm's own active order only (404 for any other farm's, 409 when it is no
 * longer active). The status flip is a conditional UPDATE, so a double click or a buyer's
 * concurrent cancel can never both win. The buyer then gets a message from the farmer in Messages
 * (delivered live through the messages stream); its clientId makes a retry never send it twice.
 * With an `Idempotency-Key` (the phone's offline queue) a handover sent twice completes once and
 * the copy gets the first answer, not a 409.
 */
export async function completeOrder(
  user: SessionUser,
  orderId: number,
  now = new Date(),
  idempotencyKey?: string,
): Promise<Handover> {
  const farm = await requireOwnFarm(user);
  await refuseBeforeSlot(farm.id, orderId, now);
  const { value, replayed } = await withIdempotency<Handed>(
    user.id,
    `my-farm.complete.${orderId}`,
    idempotencyKey,
    {},
    async (tx) => {
      const { count } = await tx.order.updateMany({
        where: { id: orderId, farmId: farm.id, status: "active" },
        data: { status: "completed", completedAt: now, version: { increment: 1 } },
      });
      if (count === 0) {
        const existing = await tx.order.findFirst({
          where: { id: orderId, farmId: farm.id },
          select: { status: true },
        });
        if (!existing) throw notFound("Order not found");
        throw new AppError(
          "order_not_active",
          `Only active orders can be completed; this order is ${existing.status}`,
        );
      }
      await tx.orderEvent.create({
        data: { orderId, status: "completed", note: `Completed by ${farm.farmName}` },
      });
      await recordOrderEarnings(tx, [orderId]);
      return handed(
        await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: incomingInclude }),
      );
    },
  );

  // The order is completed either way; the buyer still sees it under Completed in /orders. A
  // replayed key sends again with the same clientId, which finds the first message.
  const notified = await tellBuyer(user.id, value.order, "completion", {
    content: completionMessage(orderId, farm.farmName),
    // A handover after an undo is a new message, not a retry of the first one.
    clientId: `order-completed-${orderId}${value.round > 0 ? `-r${value.round}` : ""}`,
  });
  return { value: { order: value.order, notified }, replayed };
}

/** Messages the order's buyer from the farmer; false (logged) when the message could not be sent. */
async function tellBuyer(
  farmerId: number,
  order: { id: number; buyer: { id: number } },
  what: string,
  message: { content: string; clientId: string },
): Promise<boolean> {
  try {
    await sendMessage(farmerId, { receiverId: order.buyer.id, ...message });
    return true;
  } catch (error) {
    console.error(`[my-farm] ${what} message for order ${order.id} was not sent:`, error);
    return false;
  }
}

export function undoneMessage(orderId: number, farmName: string): string {
  return `Sorry, order #${orderId} from ${farmName} was marked completed by mistake: it is not handed over yet.`;
}

/**
 * Undo "Handed over" within HANDOVER_UNDO_MINUTES of it (docs/fulfilment.md): the order is
 * active again, its sale and commission are reversed on the farm ledger, and the buyer is told.
 * 404 for another farm's order, 409 `order_not_active` when it is not completed, 409
 * `undo_expired` after the window or once the completed order was adjusted or paid out.
 */
export async function undoHandover(
  user: SessionUser,
  orderId: number,
  now = new Date(),
  idempotencyKey?: string,
): Promise<Handover> {
  const farm = await requireOwnFarm(user);
  const since = new Date(now.getTime() - HANDOVER_UNDO_MINUTES * 60_000);
  const { value, replayed } = await withIdempotency<Handed>(
    user.id,
    `my-farm.undo-complete.${orderId}`,
    idempotencyKey,
    { orderId },
    async (tx) => {
      const found = await tx.order.findFirst({
        where: { id: orderId, farmId: farm.id },
        select: { status: true, completedAt: true, handoverUndos: true },
      });
      if (!found) throw notFound("Order not found");
      if (found.status !== "completed" || !found.completedAt)
        throw new AppError(
          "order_not_active",
          `Only a handed-over order can be undone; this order is ${found.status}`,
        );
      const expired = () =>
        new AppError(
          "undo_expired",
          `Order #${orderId} was handed over more than ${HANDOVER_UNDO_MINUTES} minutes ago or has changed since, so it can no longer be undone`,
        );
      if (found.completedAt < since) throw expired();
      const changed = await tx.farmLedgerEntry.count({
        where: {
          orderId,
          type: { in: ["adjustment", "refund"] },
          createdAt: { gte: found.completedAt },
        },
      });
      if (changed > 0) throw expired();
      // Conditional on the round read above: a concurrent undo or re-completion makes this one lose.
      const { count } = await tx.order.updateMany({
        where: {
          id: orderId,
          farmId: farm.id,
          status: "completed",
          handoverUndos: found.handoverUndos,
          completedAt: { gte: since },
        },
        data: {
          status: "active",
          completedAt: null,
          version: { increment: 1 },
          handoverUndos: { increment: 1 },
        },
      });
      if (count === 0) throw expired();
      const reversed = await reverseOrderEarnings(tx, {
        id: orderId,
        farmId: farm.id,
        handoverUndos: found.handoverUndos,
      });
      if (!reversed) throw expired();
      await tx.orderEvent.create({
        data: { orderId, status: "active", note: `Handover undone by ${farm.farmName}` },
      });
      return handed(
        await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: incomingInclude }),
      );
    },
  );

  const notified = await tellBuyer(user.id, value.order, "undo", {
    content: undoneMessage(orderId, farm.farmName),
    clientId: `order-undone-${orderId}-r${value.round}`,
  });
  return { value: { order: value.order, notified }, replayed };
}
