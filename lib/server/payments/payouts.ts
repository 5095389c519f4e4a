import { zoneOf } from "@/lib/server/tz-zone";
import "server-only";
import { DateTime } from "luxon";
import { db, isUniqueViolation } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { Payout } from "@/lib/generated/prisma/client";
import { enqueue } from "@/lib/server/notifications/outbox";
import { recordFarmEntry } from "./farm-ledger";
import { paymentProvider } from "./provider";

/**
 * Weekly payouts (docs/money.md, "Payouts"). On PAYOUT_WEEKDAY at 06:00 farm time a farm's rows
 * older than PAYOUT_HOLD_DAYS that no payout has collected become one Payout (at most one per farm
 * and week: a unique key on the farm and the payout day), with a `payout` row (− the amount) in the
 * same transaction. Workers share farms out with FOR UPDATE SKIP LOCKED on the farm's account row.
 * Then: stripe with a connected account → a transfer with idempotency key `payout-{id}`; demo, or
 * no connected account → `pending_manual` for ops. A total of 0 or less, or more than the balance
 * (a refund after the cutoff), is not paid: it is carried forward to the next week.
 */

export type PayoutWeek = { periodEnd: string; cutoff: Date };

/** The payout day this week's run belongs to in `timeZone` (the last one at or before `now`). */
export function payoutWeek(now: Date, timeZone: string, e = env()): PayoutWeek | null {
  const local = DateTime.fromJSDate(now, { zone: zoneOf(timeZone) });
  let run = local
    .startOf("day")
    .minus({ days: (local.weekday - e.PAYOUT_WEEKDAY + 7) % 7 })
    .set({ hour: 6 });
  if (run > local) run = run.minus({ weeks: 1 });
  if (!run.isValid) return null;
  return {
    periodEnd: run.toISODate()!,
    cutoff: run.minus({ days: e.PAYOUT_HOLD_DAYS }).toJSDate(),
  };
}

/** The next payout day after `now` (for the Payouts page). */
export function nextPayoutAt(now: Date, timeZone: string, e = env()): DateTime {
  const week = payoutWeek(now, timeZone, e)!;
  return DateTime.fromISO(week.periodEnd, { zone: zoneOf(timeZone) })
    .set({ hour: 6 })
    .plus({ weeks: 1 });
}

/** A payout's row in its farm's ledger (− the amount, linked to the payout): at `at` it leaves the balance. */
export function recordPayoutEntry(
  tx: Tx,
  payout: Pick<Payout, "id" | "farmId" | "amountCents" | "periodEnd">,
  at: Date,
) {
  return recordFarmEntry(
    tx,
    {
      farmId: payout.farmId,
      type: "payout",
      amountCents: -payout.amountCents,
      description: `Payout #${payout.id} (week to ${payout.periodEnd})`,
      dedupeKey: `payout-${payout.id}`,
      payoutId: payout.id,
    },
    at,
  );
}

type Claimed = { payout: Payout; destination: string | null };

/**
 * Claims one due farm in `timeZone` and writes its payout, or answers null when none is left.
 * `skip`: farms found this round with nothing to pay (carried forward), not asked again.
 */
async function claimOne(
  timeZone: string,
  week: PayoutWeek,
  skip: number[],
  now: Date,
): Promise<Claimed | "skipped" | null> {
  return inTransaction(async (tx) => {
    const [farm] = await tx.$queryRaw<
      {
        farmId: number;
        ownerId: number;
        balanceCents: number;
        stripeAccountId: string | null;
        total: number;
      }[]
    >`
      SELECT a."farmId", f."userId" AS "ownerId", a."balanceCents", a."stripeAccountId",
             (SELECT COALESCE(SUM(e."amountCents"), 0)::int FROM "FarmLedgerEntry" e
              WHERE e."farmId" = a."farmId" AND e."payoutId" IS NULL AND e."createdAt" < ${week.cutoff}) AS "total"
      FROM "FarmAccount" a JOIN "Farm" f ON f."id" = a."farmId"
      WHERE f."timeZone" = ${timeZone}
        AND a."farmId" <> ALL(${skip}::int[])
        AND NOT a."payoutsHeld"
        AND NOT EXISTS (SELECT 1 FROM "Payout" p WHERE p."farmId" = a."farmId" AND p."periodEnd" = ${week.periodEnd})
        AND EXISTS (SELECT 1 FROM "FarmLedgerEntry" e
                    WHERE e."farmId" = a."farmId" AND e."payoutId" IS NULL AND e."createdAt" < ${week.cutoff})
      ORDER BY a."farmId"
      LIMIT 1
      FOR UPDATE OF a SKIP LOCKED`;
    if (!farm) return null;
    // Read in the claiming statement: only a payout claim (which holds this row) changes these rows.
    const total = farm.total;
    if (total <= 0 || total > farm.balanceCents) {
      skip.push(farm.farmId);
      return "skipped";
    }
    const connected = paymentProvider().name === "stripe" && farm.stripeAccountId !== null;
    const payout = await tx.payout.create({
      data: {
        farmId: farm.farmId,
        periodEnd: week.periodEnd,
        amountCents: total,
        status: connected ? "processing" : "pending_manual",
        createdAt: now,
      },
    });
    await tx.$executeRaw`
      UPDATE "FarmLedgerEntry" SET "payoutId" = ${payout.id}
      WHERE "farmId" = ${farm.farmId} AND "payoutId" IS NULL AND "createdAt" < ${week.cutoff}`;
    await enqueue(tx, {
      userId: farm.ownerId,
      kind: "payout_sent",
      payload: { payoutId: payout.id },
      dedupeKey: `payout_sent-${payout.id}`,
    });
    await recordPayoutEntry(tx, payout, now);
    return { payout, destination: connected ? farm.stripeAccountId : null };
  }).catch((e: unknown) => {
    // Another worker wrote this farm's payout for the week between our check and our insert.
    if (isUniqueViolation(e)) return "skipped" as const;
    throw e;
  });
}

/**
 * Sends one `processing` payout's transfer, holding its row so no other worker sends it at once.
 * The idempotency key makes a resend after a lost answer the same transfer. A refusal fails the
 * payout and puts its amount back on the farm's balance.
 */
async function transferOne(now: Date): Promise<"paid" | "failed" | "manual" | null> {
  return inTransaction(async (tx) => {
    const [p] = await tx.$queryRaw<(Payout & { destination: string | null })[]>`
      SELECT p.*, a."stripeAccountId" AS "destination" FROM "Payout" p
      JOIN "FarmAccount" a ON a."farmId" = p."farmId"
      WHERE p."status" = 'processing'
      ORDER BY p."id" LIMIT 1
      FOR UPDATE OF p SKIP LOCKED`;
    if (!p) return null;
    const provider = paymentProvider();
    if (provider.name !== "stripe" || !p.destination) {
      await tx.payout.update({ where: { id: p.id }, data: { status: "pending_manual" } });
      return "manual";
    }
    const outcome = await provider.transfer({
      amountCents: p.amountCents,
      destination: p.destination,
      idempotencyKey: `payout-${p.id}`,
      description: `Fieldfare payout #${p.id} (week to ${p.periodEnd})`,
    });
    if (outcome.kind === "paid") {
      await tx.payout.update({
        where: { id: p.id },
        data: { status: "paid", reference: outcome.transferId, paidAt: now },
      });
      return "paid";
    }
    if (outcome.kind === "refused") {
      await failPayout(tx, p, outcome.reason, now);
      return "failed";
    }
    // No answer: stays processing; the next round asks again with the same idempotency key.
    console.warn(`[payouts] transfer for payout ${p.id} unanswered: ${outcome.reason}`);
    return null;
  });
}

/** A payout that will not be paid: failed with the reason, its amount back on the balance. */
export async function failPayout(tx: Tx, p: Payout, reason: string, now = new Date()) {
  await tx.payout.update({
    where: { id: p.id },
    data: { status: "failed", failureReason: reason },
  });
  await recordFarmEntry(
    tx,
    {
      farmId: p.farmId,
      type: "payout",
      amountCents: p.amountCents,
      description: `Payout #${p.id} returned: ${reason}`.slice(0, 300),
      dedupeKey: `payout-return-${p.id}`,
    },
    now,
  );
}

export type PayoutRun = { created: number; paid: number; manual: number; failed: number };

/** One round: every due farm's payout for its week, then every transfer waiting to be sent. */
export async function runPayouts(now = new Date()): Promise<PayoutRun> {
  const zones = await db.$queryRaw<{ timeZone: string }[]>`
    SELECT DISTINCT f."timeZone" FROM "Farm" f JOIN "FarmAccount" a ON a."farmId" = f."id"`;
  const run: PayoutRun = { created: 0, paid: 0, manual: 0, failed: 0 };
  for (const { timeZone } of zones) {
    const week = payoutWeek(now, timeZone);
    if (!week) continue;
    const skip: number[] = [];
    for (;;) {
      const claimed = await claimOne(timeZone, week, skip, now);
      if (claimed === null) break;
      if (claimed === "skipped") continue;
      run.created++;
      if (claimed.payout.status === "pending_manual") run.manual++;
    }
  }
  for (let sent = await transferOne(now); sent; sent = await transferOne(now)) run[sent]++;
  return run;
}

/** The in-process payout worker (and `npm run worker`): a round every 10 minutes. */
export function startPayoutWorker(
  intervalMs = 10 * 60_000,
  log: (message: string) => void = (m) => console.info(`[payouts] ${m}`),
): Loop {
  return startLoop(
    async () => {
      const r = await runPayouts();
      if (r.created || r.paid || r.failed)
        log(
          `${r.created} payout(s): ${r.paid} paid, ${r.manual} to pay by hand, ${r.failed} failed`,
        );
    },
    { firstMs: 15_000, intervalMs, log },
  );
}
