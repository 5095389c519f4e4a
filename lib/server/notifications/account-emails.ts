import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import type { Tx } from "@/lib/server/platform/transaction";

/**
 * The account emails (docs/accounts.md): the verification link and the password-reset link. They
 * go through the outbox like every email, but they are not preferences (no switch, no unsubscribe)
 * and they are the only ones sent to an address that is not verified. The link is rebuilt from its
 * token row when the email is composed; a link used or expired meanwhile sends nothing.
 * `business_decision` (ops approved or refused a business-account application) is one too: the
 * buyer asked for the decision, so no switch turns it off; it goes only to a verified address.
 * `farm_invite` carries a new farmer's one-time sign-in link to the address ops invited.
 */
export const ACCOUNT_KINDS = [
  "verify_email",
  "password_reset",
  "business_decision",
  "farm_invite",
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const isAccountKind = (kind: string): kind is AccountKind =>
  (ACCOUNT_KINDS as readonly string[]).includes(kind);

export async function enqueueAccountEmail(
  tx: Tx,
  userId: number,
  kind: AccountKind,
  tokenId: number,
): Promise<void> {
  await tx.notification.create({
    data: { userId, kind, payload: { tokenId }, dedupeKey: `${kind}:${tokenId}` },
  });
}

/**
 * The account email of each link that `tokens` (an insert answering "id", "userId") writes, in the
 * same statement: nothing is queued when it writes none.
 */
export async function enqueueAccountEmailsFor(
  tokens: Prisma.Sql,
  kind: AccountKind,
): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    WITH t AS (${tokens})
    INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey")
    SELECT t."userId", ${kind}, jsonb_build_object('tokenId', t."id"), ${`${kind}:`} || t."id" FROM t`);
}

/** A farmer invited by ops gets their sign-in link (docs/operations.md, "Farms"). */
export async function enqueueFarmInvite(tx: Tx, userId: number, tokenHash: string): Promise<void> {
  await tx.notification.create({
    data: {
      userId,
      kind: "farm_invite",
      payload: { tokenHash },
      dedupeKey: `farm_invite:${tokenHash}`,
    },
  });
}

/** The buyer hears of ops' decision on their application (docs/operations.md). */
export async function enqueueBusinessDecision(
  tx: Tx,
  userId: number,
  applicationId: number,
  decidedAt: Date,
  reason: string | null,
): Promise<void> {
  await tx.notification.create({
    data: {
      userId,
      kind: "business_decision",
      payload: { applicationId, ...(reason ? { reason } : {}) },
      dedupeKey: `business_decision:${applicationId}:${decidedAt.getTime()}`,
    },
  });
}
