import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PushSubscriptionJson } from "@/lib/contracts/notifications";
import { db, execute, readRows } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { badRequest, notFound } from "@/lib/server/platform/errors";
import type { PushKind, PushSubscriptionInput } from "@/lib/validators/notifications";

/**
 * The browsers' push subscriptions (docs/notifications.md, "Push"): the one module that writes
 * `PushSubscription`. The server POSTs to a subscription's endpoint, so only the browsers' own
 * push services are accepted (and PUSH_SERVICE_ORIGINS, the tests' local one): anything else would
 * let a user make the server call an address of their choosing.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge, Opera, Samsung Internet
  /^android\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/, // Firefox
  /^([a-z0-9-]+\.)*notify\.windows\.com$/, // Edge on Windows (WNS)
  /^([a-z0-9-]+\.)*push\.apple\.com$/, // Safari
];

export function isPushService(endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const extra = (env().PUSH_SERVICE_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  if (extra.includes(url.origin)) return true;
  return url.port === "" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

const serialize = (s: { id: number; endpoint: string; createdAt: Date }): PushSubscriptionJson => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: s.createdAt.toISOString(),
});

/**
 * POST /api/push-subscriptions: saves (or replaces the keys of) this browser's subscription for
 * `userId`. An endpoint is one browser profile, so when another account subscribed on it before,
 * it now belongs to whoever signed in and subscribed last.
 */
export async function subscribePush(
  userId: number,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushSubscriptionJson> {
  if (!isPushService(input.endpoint))
    throw badRequest("This push service is not supported", {
      endpoint: "Must be a browser push service's URL",
    });
  const data = {
    userId,
    p256dh: input.keys.p256dh.replace(/=+$/, ""),
    auth: input.keys.auth.replace(/=+$/, ""),
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  const saved = await db.pushSubscription.upsert({
    where: { endpoint: input.endpoint },
    create: { endpoint: input.endpoint, ...data },
    update: data,
  });
  return serialize(saved);
}

export async function listPushSubscriptions(userId: number): Promise<PushSubscriptionJson[]> {
  const rows = await db.pushSubscription.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    select: { id: true, endpoint: true, createdAt: true },
  });
  return rows.map(serialize);
}

/** DELETE /api/push-subscriptions/{id}: one of the user's own (404 for anyone else's). */
export async function removePushSubscription(userId: number, id: number): Promise<{ ok: true }> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id, userId } });
  if (!count) throw notFound("Push subscription not found");
  return { ok: true };
}

export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string };

/** Where the sender pushes a user's notification: every browser they subscribed. */
export function pushTargetsOf(userId: number): Promise<PushTarget[]> {
  return readRows<PushTarget>(Prisma.sql`
    SELECT "id", "endpoint", "p256dh", "auth" FROM "PushSubscription" WHERE "userId" = ${userId} ORDER BY "id"`);
}

/** The push service said the subscription is gone (404/410): it will never take a message again. */
export function forgetPushTarget(target: PushTarget): Promise<number> {
  return execute(Prisma.sql`
    DELETE FROM "PushSubscription" WHERE "id" = ${target.id} AND "endpoint" = ${target.endpoint}`);
}

/**
 * True when `userId` (a SQL expression) has `kind` switched on for push and a browser to push to:
 * the condition under which a push notification is queued at all (queued otherwise it would only
 * end `skipped`).
 */
export function pushWantedSql(userId: Prisma.Sql, kind: PushKind): Prisma.Sql {
  return Prisma.sql`(EXISTS (SELECT 1 FROM "NotificationPreference" pp WHERE pp."userId" = ${userId} AND pp."kind" = ${kind} AND pp."push")
    AND EXISTS (SELECT 1 FROM "PushSubscription" ps WHERE ps."userId" = ${userId}))`;
}
