import "server-only";
import type { WalletHold } from "@/lib/generated/prisma/client";
import type { OpsPersonJson, OpsWalletHoldJson } from "@/lib/contracts/ops";
import { centsToDollars } from "@/lib/money";
import { recordAudit } from "@/lib/server/audit/log";
import { refreshHold } from "@/lib/server/payments/webhook";
import { db } from "@/lib/server/platform/db";
import { conflict, notFound } from "@/lib/server/platform/errors";
import { withIdempotency, type IdempotentResult } from "@/lib/server/platform/idempotency";

/**
 * Disputed card payments in the ops console (docs/operations.md, "Wallets on hold"). A
 * `charge.dispute.created` webhook opens a WalletHold and freezes the wallet for spending; a won
 * dispute releases it by itself, a lost or still-open one stays until staff release it here, with
 * a reason and a step-up. The wallet spends again once none of its holds is open.
 */
type HoldWithTopUp = WalletHold & { topUp: { paymentIntent: string | null } };

const toJson = (h: HoldWithTopUp): OpsWalletHoldJson => ({
  stripeId: h.stripeId,
  kind: h.kind,
  amount: centsToDollars(h.amountCents),
  reason: h.reason,
  createdAt: h.createdAt.toISOString(),
  topUpId: h.topUpId,
  paymentId: h.topUp.paymentIntent,
  outcome: h.outcome,
});

/** A person's open holds, oldest first. */
export async function openHolds(userId: number): Promise<OpsWalletHoldJson[]> {
  const rows = await db.walletHold.findMany({
    where: { userId, releasedAt: null },
    orderBy: { createdAt: "asc" },
    include: { topUp: { select: { paymentIntent: true } } },
  });
  return rows.map(toJson);
}

/** GET /api/ops/wallet-holds: every open hold with its person, oldest first (at most 100). */
export async function listOpenHolds(): Promise<
  { person: OpsPersonJson; hold: OpsWalletHoldJson }[]
> {
  const rows = await db.walletHold.findMany({
    where: { releasedAt: null },
    orderBy: { createdAt: "asc" },
    take: 100,
    include: {
      topUp: { select: { paymentIntent: true } },
      user: {
        select: {
          id: true,
          fullName: true,
          email: true,
          userType: true,
          role: true,
          createdAt: true,
        },
      },
    },
  });
  return rows.map((h) => ({
    person: { ...h.user, createdAt: h.user.createdAt.toISOString() },
    hold: toJson(h),
  }));
}

/** POST /api/ops/people/{id}/wallet-holds/{stripeId}/release (a money action: step-up first). */
export function releaseWalletHold(
  staffId: number,
  userId: number,
  stripeId: string,
  reason: string,
  idempotencyKey?: string,
): Promise<IdempotentResult<OpsWalletHoldJson>> {
  return withIdempotency(
    staffId,
    `ops.hold-release.${stripeId}`,
    idempotencyKey,
    { userId, reason },
    async (tx) => {
      const [locked] = await tx.$queryRaw<{ releasedAt: Date | null }[]>`
      SELECT "releasedAt" FROM "WalletHold" WHERE "stripeId" = ${stripeId} AND "userId" = ${userId} FOR UPDATE`;
      if (!locked) throw notFound("Hold not found");
      if (locked.releasedAt) throw conflict("This hold was already released");
      const hold = await tx.walletHold.update({
        where: { stripeId },
        data: { releasedAt: new Date() },
        include: { topUp: { select: { paymentIntent: true } } },
      });
      await refreshHold(tx, userId);
      const wallet = await tx.wallet.findUniqueOrThrow({
        where: { userId },
        select: { onHold: true },
      });
      await recordAudit(tx, {
        staffId,
        action: "wallet.release_hold",
        target: `user:${userId}`,
        before: { stripeId, amountCents: hold.amountCents, released: false, walletOnHold: true },
        after: { stripeId, released: true, walletOnHold: wallet.onHold, reason },
      });
      return toJson(hold);
    },
  );
}
