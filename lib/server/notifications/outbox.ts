import "server-only";
import { deliveryOf } from "@/lib/server/platform/outbox-row";
import { Prisma, type Notification } from "@/lib/generated/prisma/client";
import type { OpsEmailJson } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { conflict, notFound } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";
import type { NotificationKind, PushKind } from "@/lib/validators/notifications";
import { pushWantedSql } from "./push-subscriptions";

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

/** A push notification's row kind (docs/notifications.md, "Push"): `push:new_order`, … */
export const pushRowKind = (kind: PushKind) => `push:${kind}` as const;
/** The push kind of a row, or null for an email. */
export const pushKindOfRow = (rowKind: string): PushKind | null =>
  rowKind.startsWith("push:") ? (rowKind.slice(5) as PushKind) : null;

/**
 * Queues a push notification in the caller's transaction, as `enqueue` does an email, but only
 * when the recipient switched the kind on and has a browser to push to (docs/notifications.md,
 * "Push"); `dedupeKey` is prefixed with the row kind.
 */
export async function enqueuePush(
  tx: Tx,
  n: { userId: number; kind: PushKind; payload: Prisma.InputJsonObject; dedupeKey: string },
): Promise<void> {
  const kind = pushRowKind(n.kind);
  await tx.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey")
    SELECT ${n.userId}, ${kind}, ${JSON.stringify(n.payload)}::jsonb, ${`${kind}:${n.dedupeKey}`}
    WHERE ${pushWantedSql(Prisma.sql`${n.userId}::int`, n.kind)}
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

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

/** The ops console's Outboxes screen: emails waiting or failed, oldest first, with their address. */
export async function listUnsentEmails(limit = 100): Promise<OpsEmailJson[]> {
  const rows = await db.notification.findMany({
    // Push notifications are not emails; the log says when one fails.
    where: {
      status: { in: ["pending", "sending", "failed"] },
      kind: { not: { startsWith: "push:" } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    include: { user: { select: { email: true } } },
  });
  return rows.map((n) => serializeEmail(n, n.user.email));
}

const serializeEmail = (n: Notification, to: string): OpsEmailJson => ({
  id: n.id,
  kind: n.kind,
  to,
  status: n.status,
  ...deliveryOf(n),
});

/**
 * Retry now (ops console): a waiting or failed email is due at once with a fresh set of attempts,
 * in the caller's transaction (with its audit row). One being sent, sent or skipped is refused (409).
 */
export async function retryEmail(
  tx: Tx,
  id: number,
  now = new Date(),
): Promise<{ before: OpsEmailJson; after: OpsEmailJson }> {
  const [row] = await tx.$queryRaw<Notification[]>`
    SELECT * FROM "Notification" WHERE "id" = ${id} FOR UPDATE`;
  if (!row) throw notFound("Email not found");
  if (row.status !== "pending" && row.status !== "failed")
    throw conflict(`This email is ${row.status === "sending" ? "being sent" : row.status} already`);
  const { email } = await tx.user.findUniqueOrThrow({
    where: { id: row.userId },
    select: { email: true },
  });
  const after = await tx.notification.update({
    where: { id },
    data: { status: "pending", attempts: 0, nextAttemptAt: now },
  });
  return { before: serializeEmail(row, email), after: serializeEmail(after, email) };
}
