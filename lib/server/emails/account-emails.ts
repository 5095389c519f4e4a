import "server-only";
import type { Notification } from "@/lib/generated/prisma/client";
import { liveLink } from "@/lib/server/auth/account-tokens";
import { claimPath, inviteToken, sha256 } from "@/lib/server/farm/invite";
import { db } from "@/lib/server/platform/db";
import type { AccountKind } from "@/lib/server/notifications/account-emails";
import type { EmailContent } from "./layout";

/**
 * An account email's text (docs/accounts.md), rebuilt from its token row when it is sent: a link
 * used or expired meanwhile sends nothing.
 */
export async function composeAccountEmail(
  n: Notification,
  now: Date,
): Promise<{ content: EmailContent; email: string } | null> {
  const kind = n.kind as AccountKind;
  if (kind === "business_decision") return composeBusinessDecision(n);
  if (kind === "farm_invite") return composeFarmInvite(n, now);
  const tokenId = Number((n.payload as { tokenId?: unknown } | null)?.tokenId);
  const link = await liveLink(tokenId, kind, now);
  if (!link || link.userId !== n.userId) return null;
  const token = encodeURIComponent(link.token);
  if (kind === "verify_email")
    return {
      email: link.email,
      content: {
        subject: "Confirm your email address for Fieldfare",
        preheader: "One click to get your receipts and order updates",
        heading: "Confirm your email address",
        paragraphs: [
          "Confirm that this address is yours and Fieldfare will send you your receipts, order updates and messages here.",
          "The link works once, for 24 hours. If you did not sign up for Fieldfare, ignore this email.",
        ],
        action: { label: "Confirm my email", path: `/auth/verify?token=${token}` },
      },
    };
  return {
    email: link.email,
    content: {
      subject: "Reset your Fieldfare password",
      preheader: "The link works once, for 30 minutes",
      heading: "Choose a new password",
      paragraphs: [
        "Someone asked to reset the password of the Fieldfare account that uses this email address.",
        "The link works once, for 30 minutes, and signs out every other device. If you did not ask, ignore this email: your password stays as it is.",
      ],
      action: { label: "Choose a new password", path: `/auth/reset?token=${token}` },
    },
  };
}

/** A new farmer's sign-in link, rebuilt from its row while it is unused and unexpired. */
async function composeFarmInvite(
  n: Notification,
  now: Date,
): Promise<{ content: EmailContent; email: string } | null> {
  const tokenHash = String((n.payload as { tokenHash?: unknown } | null)?.tokenHash ?? "");
  const row = await db.loginToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { email: true, farm: { select: { farmName: true } } } } },
  });
  if (!row || row.userId !== n.userId || row.usedAt || row.expiresAt <= now) return null;
  const token = inviteToken(row.userId, row.expiresAt);
  if (sha256(token) !== tokenHash) return null;
  const farmName = row.user.farm?.farmName ?? "Your farm";
  return {
    email: row.user.email,
    content: {
      subject: `${farmName} is invited to sell on Fieldfare`,
      preheader: "Sign in once with this link and choose your password",
      heading: "Welcome to Fieldfare",
      paragraphs: [
        `We set up ${farmName} on Fieldfare. Sign in with the button below, choose a password, then add your products, pickup points and delivery days under My Farm.`,
        "The link works once, for 7 days. If you did not ask to sell on Fieldfare, ignore this email.",
      ],
      action: { label: "Sign in to My Farm", path: claimPath(token) },
    },
  };
}

/** Ops decided a business-account application: told to a verified address only (docs/operations.md). */
async function composeBusinessDecision(
  n: Notification,
): Promise<{ content: EmailContent; email: string } | null> {
  const payload = (n.payload ?? {}) as { applicationId?: unknown; reason?: unknown };
  const application = await db.businessAccount.findUnique({
    where: { id: Number(payload.applicationId) },
    include: { user: { select: { email: true, emailVerification: { select: { email: true } } } } },
  });
  if (!application || application.userId !== n.userId) return null;
  const { email, emailVerification } = application.user;
  if (emailVerification?.email !== email) return null;
  if (application.status === "approved")
    return {
      email,
      content: {
        subject: "Your Fieldfare business account is approved",
        preheader: "Restaurant prices, cases and standing orders are on",
        heading: `${application.companyName} buys as a business`,
        paragraphs: [
          "We approved your business-account application. From your next visit you see restaurant prices, can order by the case and set up standing orders.",
        ],
        action: { label: "Open Fieldfare", path: "/home" },
      },
    };
  const reason = typeof payload.reason === "string" ? payload.reason : null;
  return {
    email,
    content: {
      subject: "About your Fieldfare business-account application",
      preheader: "We could not approve it this time",
      heading: "We could not approve your application",
      paragraphs: [
        "We reviewed your business-account application and could not approve it this time. You may apply again from Profile with updated details.",
        ...(reason ? [`Our reason: ${reason}`] : []),
      ],
      action: { label: "Open your profile", path: "/profile" },
    },
  };
}
