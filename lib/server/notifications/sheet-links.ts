import "server-only";
import { signature, signatureMatches } from "@/lib/server/platform/signature";

/**
 * The fresh-sheet email's signed links (docs/restaurants.md, "Fresh sheet"): each line's "Add to
 * cart" and "Add to my standing order". A token is
 * `<userId>.<productId>.<quantity>.<action>.<expires>.<mac>`, `expires` in Unix seconds and
 * mac = HMAC-SHA256(AUTH_SECRET, "sheet-link:" + the five fields), base64url. It names the one
 * reader it was sent to: opened by anyone else (signed in as someone else), it is refused.
 */
export const SHEET_LINK_DAYS = 7;
export const SHEET_LINK_ACTIONS = ["cart", "standing"] as const;
export type SheetLinkAction = (typeof SHEET_LINK_ACTIONS)[number];
export type SheetLink = {
  userId: number;
  productId: number;
  quantity: number;
  action: SheetLinkAction;
  expiresAt: Date;
};

/** Why a link is refused, each with the page's status and words. */
export type SheetLinkRefusal = "invalid" | "expired" | "other_user" | "gone";

export function signSheetLink(
  link: Omit<SheetLink, "expiresAt">,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + SHEET_LINK_DAYS * 24 * 60 * 60;
  const fields = `${link.userId}.${link.productId}.${link.quantity}.${link.action}.${expires}`;
  return {
    token: `${fields}.${signature("sheet-link", fields)}`,
    expiresAt: new Date(expires * 1000),
  };
}

/**
 * The link a token carries, or why it is refused: `invalid` when it is not one we signed (forged,
 * altered, cut short), `expired` when it is ours but older than 7 days.
 */
export function verifySheetLink(
  token: string,
  now = new Date(),
): { ok: true; link: SheetLink } | { ok: false; reason: "invalid" | "expired" } {
  const m =
    /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,5})\.(cart|standing)\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(
      token,
    );
  if (!m) return { ok: false, reason: "invalid" };
  const fields = `${m[1]}.${m[2]}.${m[3]}.${m[4]}.${m[5]}`;
  if (!signatureMatches("sheet-link", fields, m[6])) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(m[5]) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    link: {
      userId: Number(m[1]),
      productId: Number(m[2]),
      quantity: Number(m[3]),
      action: m[4] as SheetLinkAction,
      expiresAt,
    },
  };
}

/** The link's check for the signed-in user (null: signed out, who signs in first). */
export function checkSheetLink(
  token: string,
  userId: number | null,
  now = new Date(),
): { ok: true; link: SheetLink } | { ok: false; reason: SheetLinkRefusal } | { ok: "sign_in" } {
  const verified = verifySheetLink(token, now);
  if (!verified.ok) return verified;
  if (userId === null) return { ok: "sign_in" };
  if (verified.link.userId !== userId) return { ok: false, reason: "other_user" };
  return verified;
}

/** The refusal page's status and words. */
export const SHEET_LINK_REFUSALS: Record<
  SheetLinkRefusal,
  { status: number; title: string; text: string }
> = {
  invalid: {
    status: 404,
    title: "This link is not valid",
    text: "The link may have been cut short or changed. Open the fresh sheet on the farm's page instead.",
  },
  expired: {
    status: 410,
    title: "This link has expired",
    text: "Links in a fresh-sheet email work for 7 days. Open this week's fresh sheet on the farm's page instead.",
  },
  other_user: {
    status: 403,
    title: "This link was sent to someone else",
    text: "It belongs to the account the email was sent to. Sign in with that account, or open the fresh sheet on the farm's page.",
  },
  gone: {
    status: 404,
    title: "This product is no longer available",
    text: "The farm has taken it off sale. Open the farm's fresh sheet to see what is available now.",
  },
};

export const sheetLinkPath = (token: string) => `/fresh-sheet-link/${token}`;
