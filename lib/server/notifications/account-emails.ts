import "server-only";
import type { Notification } from "@/lib/generated/prisma/client";
import { liveLink, type TokenPurpose } from "@/lib/server/auth/account-tokens";
import type { Tx } from "@/lib/server/platform/transaction";
import type { EmailContent } from "./layout";

/**
 * The account emails (docs/accounts.md): the verification link and the password-reset link. They
 * go through the outbox like every email, but they are not preferences (no switch, no unsubscribe)
 * and they are the only ones sent to an address that is not verified. The link is rebuilt from its
 * token row when the email is composed; a link used or expired meanwhile sends nothing.
 */
export const ACCOUNT_KINDS = ["verify_email", "password_reset"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const isAccountKind = (kind: string): kind is AccountKind =>
  (ACCOUNT_KINDS as readonly string[]).includes(kind);

export async function enqueueAccountEmail(
  tx: Tx,
  userId: number,
  kind: AccountKind & TokenPurpose,
  tokenId: number,
): Promise<void> {
  await tx.notification.create({
    data: { userId, kind, payload: { tokenId }, dedupeKey: `${kind}:${tokenId}` },
  });
}

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
