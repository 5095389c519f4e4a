import "server-only";
import { signature, signatureMatches } from "@/lib/server/platform/signature";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/validators/notifications";

/**
 * Signed unsubscribe tokens (docs/notifications.md, "Unsubscribe"): `<userId>.<kind>.<mac>` where
 * mac = HMAC-SHA256(AUTH_SECRET, "unsubscribe:<userId>:<kind>"), base64url. They work signed out
 * (a mail client posts them), name one kind of one user, and never expire: an unsubscribe link in
 * an old email must still work. Anything that does not verify is simply not a token (null).
 */
export function unsubscribeToken(userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature("unsubscribe", `${userId}:${kind}`)}`;
}

export function verifyUnsubscribeToken(
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const m = /^([1-9][0-9]{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = m[2] as NotificationKind;
  if (!NOTIFICATION_KINDS.includes(kind) || userId > 2_147_483_647) return null;
  return signatureMatches("unsubscribe", `${userId}:${kind}`, m[3]) ? { userId, kind } : null;
}
