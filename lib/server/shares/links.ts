import "server-only";
import { isLocalDate } from "@/lib/local-date";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { AppError, badRequest, notFound } from "@/lib/server/platform/errors";
import type { IdempotentResult } from "@/lib/server/platform/idempotency";
import { consume } from "@/lib/server/platform/rate-limit";
import { signature, signatureMatches } from "@/lib/server/platform/signature";
import { publicUserSelect, type SessionUser } from "@/lib/server/auth/session";
import type { MembershipJson } from "@/lib/contracts/shares";
import type { ShareLinkInput } from "@/lib/validators/shares";
import { myShare, skipBox, swapBox } from "./memberships";

/**
 * The share box email's signed links (docs/shares.md, "The box email"): "Skip this box" and
 * "Choose swaps". A token is `<membershipId>.<date>.<skip|swap>.<expires>.<mac>`, `expires` in
 * Unix seconds (the box's cutoff) and mac the platform signature of the four fields. The token is
 * the authority, as the unsubscribe link's is: it works signed out, for that membership and box
 * alone, and only a POST from its confirm page changes anything (mail scanners open links).
 */
export const SHARE_LINK_ACTIONS = ["skip", "swap"] as const;
export type ShareLinkAction = (typeof SHARE_LINK_ACTIONS)[number];
export type ShareLink = {
  membershipId: number;
  date: string;
  action: ShareLinkAction;
  expiresAt: Date;
};

const PURPOSE = "share-link";
export const SHARE_LINK_TOKEN =
  /^([1-9][0-9]{0,9})\.([0-9]{4}-[0-9]{2}-[0-9]{2})\.(skip|swap)\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The token of a link that works until `expiresAt` (the box's cutoff), to the second. */
export function signShareLink(link: ShareLink): string {
  const expires = Math.floor(link.expiresAt.getTime() / 1000);
  const fields = `${link.membershipId}.${link.date}.${link.action}.${expires}`;
  return `${fields}.${signature(PURPOSE, fields)}`;
}

/** Why a link does not open its box: not ours (forged, altered, cut short), or past its cutoff. */
export type ShareLinkRefusal = "invalid" | "expired";

export function verifyShareLink(
  token: string,
  now = new Date(),
): { ok: true; link: ShareLink } | { ok: false; reason: ShareLinkRefusal } {
  const m = SHARE_LINK_TOKEN.exec(token);
  if (!m || Number(m[1]) > 2_147_483_647 || !isLocalDate(m[2]))
    return { ok: false, reason: "invalid" };
  const fields = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`;
  if (!signatureMatches(PURPOSE, fields, m[5])) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(m[4]) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    link: {
      membershipId: Number(m[1]),
      date: m[2],
      action: m[3] as ShareLinkAction,
      expiresAt,
    },
  };
}

/** The confirm page; `swapIn` preselects one swap option (the email's "Swap in" of that option). */
export const shareLinkPath = (token: string, swapIn?: number) =>
  `/share-link/${token}${swapIn ? `?in=${swapIn}` : ""}`;

export const SHARE_LINK_REFUSALS: Record<ShareLinkRefusal, { title: string; text: string }> = {
  invalid: {
    title: "This link is not valid",
    text: "The link may have been cut short or changed. Sign in to skip or swap your box on Farm shares.",
  },
  expired: {
    title: "This box can no longer change",
    text: "Its cutoff has passed, so the link has expired. Sign in to see your next box on Farm shares.",
  },
};

/** The member the link was sent to (null: the membership is gone, the link names no one). */
async function memberOf(link: ShareLink): Promise<SessionUser | null> {
  const m = await db.shareMembership.findUnique({
    where: { id: link.membershipId },
    select: { user: { select: publicUserSelect } },
  });
  return m?.user ?? null;
}

/**
 * What the confirm page shows: the link and the member's share with that box, or why it cannot
 * open (a box no longer next, a cancelled share: expired in effect). Changes nothing.
 */
export async function describeShareLink(
  token: string,
  now: Date,
): Promise<
  { ok: true; link: ShareLink; share: MembershipJson } | { ok: false; reason: ShareLinkRefusal }
> {
  const verified = verifyShareLink(token, now);
  if (!verified.ok) return verified;
  const { link } = verified;
  const user = await memberOf(link);
  if (!user) return { ok: false, reason: "invalid" };
  const share = await myShare(user, link.membershipId, now);
  if (share.status === "cancelled" || share.nextBox?.date !== link.date)
    return { ok: false, reason: "expired" };
  return { ok: true, link, share };
}

/**
 * POST /api/share-links/{token}: the link's skip or swaps, as its member and without a session,
 * through the member's own calls (the same checks, locks and money). Throttled per client address
 * before the token is checked; the same skip again answers the share as it is.
 */
export async function confirmShareLink(
  token: string,
  input: ShareLinkInput,
  idempotencyKey: string | undefined,
  ip: string,
  now: Date,
): Promise<IdempotentResult<MembershipJson>> {
  await consume(
    `share-link-ip:${ip}`,
    { max: env().SHARE_LINK_LIMIT_PER_IP_HOUR, windowMs: 60 * 60_000 },
    {
      message: "Too many box changes from this address. Please try again later.",
      log: `share link from ip=${ip}`,
    },
  );
  const verified = verifyShareLink(token, now);
  if (!verified.ok && verified.reason === "expired")
    throw new AppError("link_expired", SHARE_LINK_REFUSALS.expired.title);
  const user = verified.ok ? await memberOf(verified.link) : null;
  if (!verified.ok || !user) throw notFound(SHARE_LINK_REFUSALS.invalid.title);
  const { membershipId, date, action } = verified.link;
  if (action === "swap" && input.swaps === undefined)
    throw badRequest("Choose the swaps for your box", { swaps: "Choose the swaps for your box" });
  return action === "skip"
    ? skipBox(user, membershipId, date, idempotencyKey, now)
    : {
        value: await swapBox(user, membershipId, date, { swaps: input.swaps ?? [] }, now),
        replayed: false,
      };
}
