import "server-only";
import { db } from "@/lib/server/platform/db";
import { env, vapidKeys } from "@/lib/server/platform/env";
import { notFound } from "@/lib/server/platform/errors";
import { consume } from "@/lib/server/platform/rate-limit";
import type { NotificationPreferencesJson, UnsubscribedJson } from "@/lib/contracts/notifications";
import {
  KIND_LABELS,
  NOTIFICATION_KINDS,
  PUSH_KINDS,
  type NotificationKind,
  type PushKind,
  type NotificationPreferencesInput,
} from "@/lib/validators/notifications";
import { verifyUnsubscribeToken } from "./unsubscribe";

/**
 * Profile → Notification (docs/notifications.md, "Preferences"): every email kind on and every
 * push kind off unless a row says otherwise, and the key a browser subscribes to push with.
 */
export async function getPreferences(userId: number): Promise<NotificationPreferencesJson> {
  const rows = await db.notificationPreference.findMany({
    where: { userId },
    select: { kind: true, email: true, push: true },
  });
  const stored = new Map(rows.map((r) => [r.kind, r]));
  return {
    email: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, stored.get(k)?.email ?? true]),
    ) as NotificationPreferencesJson["email"],
    push: Object.fromEntries(
      PUSH_KINDS.map((k) => [k, stored.get(k)?.push ?? false]),
    ) as NotificationPreferencesJson["push"],
    pushKey: vapidKeys()?.publicKey ?? null,
  };
}

async function setEmail(userId: number, kind: NotificationKind, email: boolean) {
  await db.notificationPreference.upsert({
    where: { userId_kind: { userId, kind } },
    create: { userId, kind, email },
    update: { email },
  });
}

async function setPush(userId: number, kind: PushKind, push: boolean) {
  await db.notificationPreference.upsert({
    where: { userId_kind: { userId, kind } },
    create: { userId, kind, push },
    update: { push },
  });
}

export async function updatePreferences(
  userId: number,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferencesJson> {
  for (const [kind, email] of Object.entries(input.email ?? {}) as [
    NotificationKind,
    boolean | undefined,
  ][]) {
    if (email !== undefined) await setEmail(userId, kind, email);
  }
  for (const [kind, push] of Object.entries(input.push ?? {}) as [PushKind, boolean | undefined][])
    if (push !== undefined) await setPush(userId, kind, push);
  return getPreferences(userId);
}

export const INVALID_LINK = "This unsubscribe link is not valid";

/** What a token unsubscribes from, or 404 when it does not verify (the confirm page). */
export async function describeUnsubscribe(
  token: string,
): Promise<{ kind: NotificationKind; label: string; description: string; email: boolean }> {
  const who = verifyUnsubscribeToken(token);
  const user =
    who && (await db.user.findUnique({ where: { id: who.userId }, select: { id: true } }));
  if (!who || !user) throw notFound(INVALID_LINK);
  const row = await db.notificationPreference.findUnique({
    where: { userId_kind: { userId: who.userId, kind: who.kind } },
  });
  return { kind: who.kind, ...KIND_LABELS[who.kind], email: row?.email ?? true };
}

/**
 * POST /api/unsubscribe/{token}: switches the token's kind off, signed out (RFC 8058 one-click).
 * Throttled per client address before the token is even checked, so guessing is slow as well as
 * hopeless (the HMAC is 256 bits).
 */
export async function unsubscribe(token: string, ip: string): Promise<UnsubscribedJson> {
  await consume(
    `unsubscribe-ip:${ip}`,
    { max: env().UNSUBSCRIBE_LIMIT_PER_IP_HOUR, windowMs: 60 * 60_000 },
    {
      message: "Too many unsubscribe requests from this address. Please try again later.",
      log: `unsubscribe from ip=${ip}`,
    },
  );
  const { kind, label } = await describeUnsubscribe(token);
  const who = verifyUnsubscribeToken(token)!;
  await setEmail(who.userId, kind, false);
  return { kind, label, email: false };
}
