import "server-only";
import type { Payout } from "@/lib/generated/prisma/client";
import type { OpsFarmPayoutsJson, OpsPayoutJson, OpsPayoutsJson } from "@/lib/contracts/ops";
import { centsToDollars } from "@/lib/money";
import { recordAudit } from "@/lib/server/audit/log";
import { db } from "@/lib/server/platform/db";
import { conflict, notFound } from "@/lib/server/platform/errors";
import { withIdempotency, type IdempotentResult } from "@/lib/server/platform/idempotency";

/**
 * The ops console's Payouts screen (docs/operations.md): manual payouts (demo provider, or a farm
 * without a connected account) are paid by bank transfer and marked paid here with its reference;
 * a farm's payouts can be held, so the weekly run skips it until released. The money left the
 * farm's balance when the payout was created (docs/money.md): marking it paid moves nothing.
 */
const serializePayout = (p: Payout & { farm: { farmName: string } }): OpsPayoutJson => ({
  id: p.id,
  farmId: p.farmId,
  farmName: p.farm.farmName,
  periodEnd: p.periodEnd,
  amount: centsToDollars(p.amountCents),
  status: p.status,
  reference: p.reference,
  waitingReason: p.waitingReason,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
});

export async function opsPayouts(): Promise<OpsPayoutsJson> {
  const [manual, farms] = await Promise.all([
    db.payout.findMany({
      where: { status: "pending_manual" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 100,
      include: { farm: { select: { farmName: true } } },
    }),
    db.farmAccount.findMany({
      orderBy: { farmId: "asc" },
      take: 200,
      include: { farm: { select: { farmName: true } } },
    }),
  ]);
  return {
    manual: manual.map(serializePayout),
    farms: farms.map((a) => ({
      farmId: a.farmId,
      farmName: a.farm.farmName,
      balance: centsToDollars(a.balanceCents),
      payoutsHeld: a.payoutsHeld,
    })),
  };
}

/** Marks a `pending_manual` payout paid, once: a conditional UPDATE, so a second click is 409. */
export async function markPayoutPaid(
  staffId: number,
  payoutId: number,
  reference: string,
  idempotencyKey?: string,
  now = new Date(),
): Promise<IdempotentResult<OpsPayoutJson>> {
  return withIdempotency(
    staffId,
    `ops.payout-paid.${payoutId}`,
    idempotencyKey,
    { reference },
    async (tx) => {
      const { count } = await tx.payout.updateMany({
        where: { id: payoutId, status: "pending_manual" },
        data: { status: "paid", reference, paidAt: now },
      });
      const payout = await tx.payout.findUnique({
        where: { id: payoutId },
        include: { farm: { select: { farmName: true } } },
      });
      if (!payout) throw notFound("Payout not found");
      if (count === 0)
        throw conflict(`This payout is ${payout.status.replace("_", " ")}, not waiting`);
      await recordAudit(tx, {
        staffId,
        action: "payout.mark_paid",
        target: `payout:${payoutId}`,
        before: { status: "pending_manual", reference: null },
        after: { status: "paid", reference, amountCents: payout.amountCents },
      });
      return serializePayout(payout);
    },
  );
}

export async function setPayoutHold(
  staffId: number,
  farmId: number,
  held: boolean,
  reason: string,
  idempotencyKey?: string,
): Promise<IdempotentResult<OpsFarmPayoutsJson>> {
  return withIdempotency(
    staffId,
    `ops.payout-hold.${farmId}`,
    idempotencyKey,
    { held, reason },
    async (tx) => {
      const [account] = await tx.$queryRaw<{ payoutsHeld: boolean }[]>`
      SELECT "payoutsHeld" FROM "FarmAccount" WHERE "farmId" = ${farmId} FOR UPDATE`;
      if (!account) throw notFound("Farm not found");
      const after = await tx.farmAccount.update({
        where: { farmId },
        data: { payoutsHeld: held },
        include: { farm: { select: { farmName: true } } },
      });
      if (account.payoutsHeld !== held)
        await recordAudit(tx, {
          staffId,
          action: held ? "payout.hold" : "payout.release",
          target: `farm:${farmId}`,
          before: { payoutsHeld: account.payoutsHeld },
          after: { payoutsHeld: held, reason },
        });
      return {
        farmId,
        farmName: after.farm.farmName,
        balance: centsToDollars(after.balanceCents),
        payoutsHeld: after.payoutsHeld,
      };
    },
  );
}
