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
import type { TransferOutcome } from "./types";

/**
 * Weekly payouts (docs/money.md, "Payouts"). On PAYOUT_WEEKDAY at 06:00 farm time a farm's rows
 * older than PAYOUT_HOLD_DAYS that no payout has collected become one Payout (at most one per farm
 * and week: a unique key on the farm and the payout day), with a `payout` row (− the amount) in the
 * same transaction. Workers share farms out with FOR UPDATE SKIP LOCKED on the farm's account row.
 * Then: stripe with a connected account → a transfer with idempotency key `payout-{id}`, sent
 * outside any transaction under a claim (`claimedUntil`) and recorded after it; demo, or
 * no connected account → `pending_manual` for ops; an account that cannot receive payouts yet →
 * `pending_manual` waiting (PAYOUTS_NOT_ENABLED) until `account.updated` turns them on. A total of 0 or less, or more than the balance
 * (a refund after the cutoff), is not paid: it is carried forward to the next week.
 */

/** Why a payout waits: the farm's connected account cannot receive payouts yet. */
export const PAYOUTS_NOT_ENABLED = "Finish setting up payouts";

/**
 * `account.updated` turned payouts on: the farm's payouts that waited for it go back to
 * `processing`, for the next round to send. One ops marked paid by hand meanwhile is paid.
 */
export async function sendWaitingPayouts(tx: Tx, stripeAccountId: string): Promise<number> {
  return tx.$executeRaw`
    UPDATE "Payout" p SET "status" = 'processing', "waitingReason" = NULL
    FROM "FarmAccount" a
    WHERE a."stripeAccountId" = ${stripeAccountId} AND a."payoutsEnabled"
      AND p."farmId" = a."farmId" AND p."status" = 'pending_manual' AND p."waitingReason" IS NOT NULL`;
}

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
        payoutsEnabled: boolean;
        total: number;
      }[]
    >`
      SELECT a."farmId", f."userId" AS "ownerId", a."balanceCents", a."stripeAccountId", a."payoutsEnabled",
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
    const stripe = paymentProvider().name === "stripe" && farm.stripeAccountId !== null;
    // Stripe refuses a transfer to an account that has not finished onboarding: it waits instead.
    const connected = stripe && farm.payoutsEnabled;
    const payout = await tx.payout.create({
      data: {
        farmId: farm.farmId,
        periodEnd: week.periodEnd,
        amountCents: total,
        status: connected ? "processing" : "pending_manual",
        waitingReason: stripe && !connected ? PAYOUTS_NOT_ENABLED : null,
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

/** How long a worker holds a payout it is sending: far past the transfer call's 10 s timeout. */
export const PAYOUT_CLAIM_MS = 5 * 60_000;

type Sending = Payout & { destination: string | null; payoutsEnabled: boolean };

/**
 * Claims the next `processing` payout no live worker holds (`claimedUntil` unset or past: a worker
 * that died while sending), for PAYOUT_CLAIM_MS, in one statement that commits at once.
 */
async function claimTransfer(now: Date): Promise<Sending | null> {
  const until = new Date(now.getTime() + PAYOUT_CLAIM_MS);
  const [p] = await db.$queryRaw<Sending[]>`
    WITH claimed AS (
      UPDATE "Payout" SET "claimedUntil" = ${until}
      WHERE "id" = (
        SELECT "id" FROM "Payout"
        WHERE "status" = 'processing' AND ("claimedUntil" IS NULL OR "claimedUntil" <= ${now})
        ORDER BY "id" LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING *)
    SELECT c.*, a."stripeAccountId" AS "destination", a."payoutsEnabled"
    FROM claimed c JOIN "FarmAccount" a ON a."farmId" = c."farmId"`;
  return p ?? null;
}

/**
 * Records what Stripe answered for a payout this worker claimed, once: a worker whose claim ran out
 * may have recorded the same transfer already (the same key gets the same answer): then nothing
 * changes here and the answer is null. Its own transaction, after the call: no row is locked while Stripe answers.
 */
async function recordTransfer(
  p: Sending,
  outcome: Exclude<TransferOutcome, { kind: "unknown" }>,
  now: Date,
): Promise<"paid" | "failed" | null> {
  return inTransaction(async (tx) => {
    const [current] = await tx.$queryRaw<Payout[]>`
      SELECT * FROM "Payout" WHERE "id" = ${p.id} FOR UPDATE`;
    if (current?.status !== "processing") return null;
    if (outcome.kind === "paid") {
      await tx.payout.update({
        where: { id: p.id },
        data: { status: "paid", reference: outcome.transferId, paidAt: now, claimedUntil: null },
      });
      return "paid";
    }
    await tx.payout.update({ where: { id: p.id }, data: { claimedUntil: null } });
    await failPayout(tx, current, outcome.reason, now);
    return "failed";
  });
}

/**
 * Sends one `processing` payout's transfer: claim and commit, call Stripe with idempotency key
 * `payout-{id}`, then record the answer (so a resend after a crash or a lost answer is the same
 * transfer, never a second one). A refusal fails the payout and puts its amount back on the balance.
 */
async function transferOne(now: Date): Promise<"paid" | "failed" | "manual" | "recorded" | null> {
  const p = await claimTransfer(now);
  if (!p) return null;
  const provider = paymentProvider();
  if (provider.name !== "stripe" || !p.destination || !p.payoutsEnabled) {
    const waiting = provider.name === "stripe" && !!p.destination;
    await db.payout.updateMany({
      where: { id: p.id, status: "processing" },
      data: {
        status: "pending_manual",
        waitingReason: waiting ? PAYOUTS_NOT_ENABLED : null,
        claimedUntil: null,
      },
    });
    return "manual";
  }
  const outcome = await provider.transfer({
    amountCents: p.amountCents,
    destination: p.destination,
    idempotencyKey: `payout-${p.id}`,
    description: `Fieldfare payout #${p.id} (week to ${p.periodEnd})`,
  });
  if (outcome.kind !== "unknown") return (await recordTransfer(p, outcome, now)) ?? "recorded";
  // No answer: released for the next round, which asks again with the same idempotency key.
  await db.payout.updateMany({
    where: { id: p.id, status: "processing", claimedUntil: p.claimedUntil },
    data: { claimedUntil: null },
  });
  console.warn(`[payouts] transfer for payout ${p.id} unanswered: ${outcome.reason}`);
  return null;
}

/**
 * A payout that will not be paid: failed with the reason, its amount back on the balance (less
 * `alreadyBack`: the cents its transfer's reversals booked back one by one).
 */
export async function failPayout(
  tx: Tx,
  p: Payout,
  reason: string,
  now = new Date(),
  alreadyBack = 0,
) {
  await tx.payout.update({
    where: { id: p.id },
    data: { status: "failed", failureReason: reason },
  });
  if (p.amountCents - alreadyBack <= 0) return;
  await recordFarmEntry(
    tx,
    {
      farmId: p.farmId,
      type: "payout",
      amountCents: p.amountCents - alreadyBack,
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
  for (let sent = await transferOne(now); sent; sent = await transferOne(now))
    if (sent !== "recorded") run[sent]++;
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
