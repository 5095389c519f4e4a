import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/idempotency";
import type { NotificationKind } from "@/lib/validators/notifications";

/**
 * Queues an email in the caller's transaction (docs/notifications.md, "Outbox"): the row exists
 * exactly when the event it tells about does. `dedupeKey` names the event and the recipient, so
 * code that runs twice (a retried transaction, two workers) queues it once. Nothing is queued for
 * a kind the recipient switched off; the sender checks again before sending.
 */
export type Queued = { userId: number; kind: NotificationKind; payload: Prisma.InputJsonObject; dedupeKey: string };

export async function enqueue(tx: Tx, ...notifications: Queued[]): Promise<void> {
  for (const n of notifications) {
    const off = await tx.notificationPreference.findUnique({ where: { userId_kind: { userId: n.userId, kind: n.kind } }, select: { email: true } });
    if (off?.email === false) continue;
    await tx.notification.createMany({ data: [{ userId: n.userId, kind: n.kind, payload: n.payload, dedupeKey: n.dedupeKey }], skipDuplicates: true });
  }
}

/** The farm's owner, who receives the farm's emails. */
export async function farmOwnerId(tx: Tx, farmId: number): Promise<number> {
  return (await tx.farm.findUniqueOrThrow({ where: { id: farmId }, select: { userId: true } })).userId;
}

/** A new order: the buyer's receipt (with the PDF) and the farm's new-order email. */
export async function queueOrderPlaced(tx: Tx, order: { id: number; userId: number; farmId: number }, receipt = true): Promise<void> {
  const owner = await farmOwnerId(tx, order.farmId);
  await enqueue(
    tx,
    ...(receipt ? [{ userId: order.userId, kind: "order_placed" as const, payload: { orderId: order.id }, dedupeKey: `order_placed:${order.id}` }] : []),
    { userId: owner, kind: "order_received", payload: { orderId: order.id }, dedupeKey: `order_received:${order.id}` },
  );
}
