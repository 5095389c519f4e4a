import "server-only";
import type { Notification } from "@/lib/generated/prisma/client";
import { liveLink } from "@/lib/server/auth/account-tokens";
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
