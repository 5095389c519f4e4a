import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/platform/transaction";
import type { NotificationKind } from "@/lib/validators/notifications";

/**
 * Queues an email in the caller's transaction (docs/notifications.md, "Outbox"): the row exists
 * exactly when the event it tells about does. `dedupeKey` names the event and the recipient, so
 * code that runs twice (a retried transaction, two workers) queues it once. A kind the recipient
 * switched off is queued too: the sender sends no email for it but still tells their open screens
 * (the live order list) that something happened.
 */
export type Queued = {
  userId: number;
  kind: NotificationKind;
  payload: Prisma.InputJsonObject;
  dedupeKey: string;
};

export async function enqueue(tx: Tx, ...notifications: Queued[]): Promise<void> {
  if (!notifications.length) return;
  await tx.notification.createMany({
    data: notifications.map((n) => ({
      userId: n.userId,
      kind: n.kind,
      payload: n.payload,
      dedupeKey: n.dedupeKey,
    })),
    skipDuplicates: true,
  });
}

/**
 * `enqueue` as a piece of SQL, for a caller that queues inside one statement of its own (checkout
 * writes its orders, lines and emails in one: lib/server/orders/checkout.ts). `rows` is a query
 * (in a WITH, it may read the caller's other parts) whose columns are "userId", "kind",
 * "payload" (jsonb) and "dedupeKey", in the order the emails should be queued; `at` is the time
 * they are queued and first due.
 */
export function enqueueSql(rows: Prisma.Sql, at: Date): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT q."userId", q."kind", q."payload", q."dedupeKey", ${at}, ${at} FROM (${rows}) AS q
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

/** The farm's owner, who receives the farm's emails. */
export async function farmOwnerId(tx: Tx, farmId: number): Promise<number> {
  return (await tx.farm.findUniqueOrThrow({ where: { id: farmId }, select: { userId: true } }))
    .userId;
}
