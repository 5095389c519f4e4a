import "server-only";
import { db } from "@/lib/server/platform/db";
import { PRESENT_FOR_MS } from "@/lib/server/realtime/presence";

/**
 * Notifications no single request causes, queued by the sender's rounds (docs/notifications.md).
 * Each is one INSERT … SELECT with the dedupe key as the guard, so any number of instances may run
 * them at once and each email is queued once. Both skip recipients who switched the kind off.
 */

/** How long before a standing order is placed its buyer is reminded (it can still be changed, skipped or paused). */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;
/** A message waits this long unread before a digest is considered… */
export const UNREAD_AFTER_MS = 10 * 60_000;
/** …and a conversation gets at most one digest per this. */
export const DIGEST_EVERY_MS = 60 * 60_000;
/** Older unread messages are not announced any more (and the scan stays small). */
const UNREAD_WITHIN_MS = 24 * 60 * 60_000;

export async function queueCutoffReminders(now = new Date()): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT s."userId", 'cutoff_reminder', jsonb_build_object('standingOrderId', s."id", 'localDate', s."nextDate"),
      'cutoff_reminder:' || s."id" || ':' || s."nextDate", ${now}, ${now}
    FROM "StandingOrder" s
    WHERE s."status" = 'active' AND s."nextDueAt" > ${now} AND s."nextDueAt" <= ${new Date(now.getTime() + REMINDER_LEAD_MS)}
      AND s."skipNextDate" IS DISTINCT FROM s."nextDate"
      AND NOT EXISTS (SELECT 1 FROM "NotificationPreference" p WHERE p."userId" = s."userId" AND p."kind" = 'cutoff_reminder' AND NOT p."email")
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

/**
 * One digest per conversation (receiver, sender) whose oldest unread text message is 10 minutes
 * old, while the receiver has no live stream anywhere (StreamPresence) and has had no digest for
 * that conversation in the last hour. The key names the oldest unread message, so two instances
 * scanning at once queue it once.
 */
export async function queueUnreadDigests(now = new Date()): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT m."receiverId", 'unread_messages', jsonb_build_object('senderId', m."senderId"),
      'unread_messages:' || m."receiverId" || ':' || m."senderId" || ':' || min(m."id"), ${now}, ${now}
    FROM "Message" m
    WHERE NOT m."isRead" AND m."kind" = 'text'
      AND m."timestamp" > ${new Date(now.getTime() - UNREAD_WITHIN_MS)}
      AND NOT EXISTS (SELECT 1 FROM "StreamPresence" sp WHERE sp."userId" = m."receiverId" AND sp."seenAt" > ${new Date(now.getTime() - PRESENT_FOR_MS)})
      AND NOT EXISTS (SELECT 1 FROM "NotificationPreference" p WHERE p."userId" = m."receiverId" AND p."kind" = 'unread_messages' AND NOT p."email")
      AND NOT EXISTS (
        SELECT 1 FROM "Notification" n
        WHERE n."userId" = m."receiverId" AND n."kind" = 'unread_messages' AND n."createdAt" > ${new Date(now.getTime() - DIGEST_EVERY_MS)}
          AND n."payload"->>'senderId' = m."senderId"::text)
    GROUP BY m."receiverId", m."senderId"
    HAVING min(m."timestamp") <= ${new Date(now.getTime() - UNREAD_AFTER_MS)}
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

/** New messages are pushed while this fresh; older ones wait for the digest. */
export const PUSH_MESSAGES_WITHIN_MS = 10 * 60_000;
/** A cutoff is announced within this long after it passed (a sender that was down skips older ones). */
export const PUSH_CUTOFF_WITHIN_MS = 60 * 60_000;

/**
 * `push:new_message` for every unread text message of the last 10 minutes to someone with the
 * switch on (docs/notifications.md, "Push"), one per message (its id is the key). Read from the
 * switches first, so the scan touches only those people's unread messages.
 */
export async function queueMessagePushes(now = new Date()): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT m."receiverId", 'push:new_message', jsonb_build_object('messageId', m."id"),
      'push:new_message:' || m."id", ${now}, ${now}
    FROM "NotificationPreference" pp
    JOIN "Message" m ON m."receiverId" = pp."userId" AND NOT m."isRead"
    WHERE pp."kind" = 'new_message' AND pp."push" AND m."kind" = 'text'
      AND m."timestamp" > ${new Date(now.getTime() - PUSH_MESSAGES_WITHIN_MS)} AND m."timestamp" <= ${now}
      AND EXISTS (SELECT 1 FROM "PushSubscription" ps WHERE ps."userId" = pp."userId")
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

/**
 * `push:cutoff_passed` once per slot whose cutoff passed in the last hour with active orders in
 * it, to the farm's owner with the switch on: "Cutoff passed — N orders to pack". A cutoff is at
 * most 14 days before its slot's day (docs/fulfilment.md), so the slots looked at are those from
 * yesterday (any zone) to 15 days on, through the (farmId, localDate) index.
 */
export async function queueCutoffPushes(now = new Date()): Promise<number> {
  const day = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return db.$executeRaw`
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
    SELECT f."userId", 'push:cutoff_passed', jsonb_build_object('slotId', of."slotId"),
      'push:cutoff_passed:' || of."slotId", ${now}, ${now}
    FROM "NotificationPreference" pp
    JOIN "Farm" f ON f."userId" = pp."userId"
    JOIN "OrderFulfilment" of ON of."farmId" = f."id" AND of."localDate" BETWEEN ${day(-1)} AND ${day(16)}
    JOIN "Order" o ON o."id" = of."orderId" AND o."status" = 'active'
    WHERE pp."kind" = 'cutoff_passed' AND pp."push"
      AND of."cutoffAt" <= ${now} AND of."cutoffAt" > ${new Date(now.getTime() - PUSH_CUTOFF_WITHIN_MS)}
      AND EXISTS (SELECT 1 FROM "PushSubscription" ps WHERE ps."userId" = pp."userId")
    GROUP BY f."userId", of."slotId"
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}
