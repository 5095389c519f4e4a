import "server-only";
import { formatSlotDay } from "@/lib/format";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { conflict, isAppError } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { storeNotice } from "@/lib/server/messages/send-message";
import { enqueue } from "@/lib/server/notifications/outbox";
import { publishMessage } from "@/lib/server/realtime/bus";
import { placeCheckout } from "@/lib/server/orders/checkout";
import { publishCard, recordShortPick } from "@/lib/server/orders/adjust-order";
import { releaseHold, takeable } from "@/lib/server/stock/stock";
import type { ChatMessage } from "@/lib/contracts/messages";
import { slotIdOf } from "@/lib/validators/fulfilment";
import { boxPriced, contentsOf, receives } from "./boxes";
import { spreadPrice, type Swap } from "./contents";
import { loadPlan, planSchedule, type PlanRow } from "./plans";
import { creditBox } from "./memberships";
import { prepaidToWallet, walletToPrepaid } from "./prepaid";

/**
 * The farm share worker (docs/shares.md, "A box is an order"). Each round claims one member's
 * box that is due (its published date's cutoff passed, nothing recorded yet) with FOR UPDATE SKIP
 * LOCKED on the membership, so any number of workers share the work and never hold the same
 * member; the unique (membership, date) row records what happened, so each box is handled exactly
 * once. A box becomes an ordinary order of the farm through the checkout, paid from the wallet,
 * the season's prepaid balance first moved into it. A refusal rolls back to a savepoint and is
 * recorded as `failed`, with a message to the member from the farm.
 */
export type BoxOutcome = {
  membershipId: number;
  localDate: string;
  status: "placed" | "failed" | "skipped";
  orderId?: number;
  reason?: string;
};

type Claim = { membershipId: number; boxId: number };

async function claimNext(tx: Tx, now: Date): Promise<Claim | null> {
  const rows = await tx.$queryRaw<Claim[]>`
    SELECT m."id" AS "membershipId", b."id" AS "boxId"
    FROM "ShareBox" b JOIN "ShareMembership" m ON m."planId" = b."planId"
    WHERE b."placedAt" IS NULL AND b."publishedAt" IS NOT NULL AND b."dueAt" <= ${now}
      AND m."status" <> 'cancelled' AND m."createdAt" <= b."dueAt"
      AND NOT EXISTS (SELECT 1 FROM "ShareBoxChoice" c
        WHERE c."membershipId" = m."id" AND c."localDate" = b."localDate" AND c."status" IS NOT NULL)
    ORDER BY b."dueAt", m."id"
    LIMIT 1
    FOR UPDATE OF m SKIP LOCKED`;
  return rows[0] ?? null;
}

/** Marks the due boxes every member of which is handled (the claim query then skips them). */
async function closeHandledBoxes(now: Date): Promise<void> {
  await inTransaction(
    (tx) => tx.$executeRaw`
      UPDATE "ShareBox" b SET "placedAt" = ${now}
      WHERE b."placedAt" IS NULL AND b."publishedAt" IS NOT NULL AND b."dueAt" <= ${now}
        AND NOT EXISTS (SELECT 1 FROM "ShareMembership" m
          WHERE m."planId" = b."planId" AND m."status" <> 'cancelled' AND m."createdAt" <= b."dueAt"
            AND NOT EXISTS (SELECT 1 FROM "ShareBoxChoice" c
              WHERE c."membershipId" = m."id" AND c."localDate" = b."localDate" AND c."status" IS NOT NULL))`,
  );
}

async function record(
  tx: Tx,
  membershipId: number,
  localDate: string,
  data: {
    status: "placed" | "failed" | "skipped";
    orderId?: number;
    reason?: string;
    swaps?: Swap[];
  },
) {
  await tx.shareBoxChoice.upsert({
    where: { membershipId_localDate: { membershipId, localDate } },
    create: { membershipId, localDate, ...data },
    update: data,
  });
}

/** Places (or skips, or records the failure of) one claimed member's box. */
async function handle(
  tx: Tx,
  claim: Claim,
  now: Date,
): Promise<{ outcome: BoxOutcome; notice?: ChatMessage; cardId?: number | null }> {
  const m = await tx.shareMembership.findUniqueOrThrow({ where: { id: claim.membershipId } });
  const box = await tx.shareBox.findUniqueOrThrow({ where: { id: claim.boxId } });
  const plan = (await loadPlan(tx, { id: box.planId }))! as PlanRow;
  const date = box.localDate;
  const base = { membershipId: m.id, localDate: date };
  const choice = await tx.shareBoxChoice.findUnique({
    where: { membershipId_localDate: base },
  });
  // Back from a pause on this date: active again from this box on.
  if (m.status === "paused" && m.pausedUntil !== null && date >= m.pausedUntil) {
    await tx.shareMembership.update({
      where: { id: m.id },
      data: { status: "active", pausedUntil: null },
    });
    m.status = "active";
  }
  if (!receives(m, date, choice)) {
    await releaseHold(tx, { shareMembershipId: m.id });
    // A skip credited its prepaid box already; a paused prepaid box is credited now.
    if (!choice?.skipped && m.payment === "season") await creditBox(tx, { ...m, plan }, date);
    await record(tx, m.id, date, {
      status: "skipped",
      reason: choice?.skipped ? "Skipped" : "Paused",
    });
    return { outcome: { ...base, status: "skipped" } };
  }

  const farm = { id: plan.farm.id, farmName: plan.farm.farmName, userId: plan.farm.userId };
  await tx.$executeRaw`SAVEPOINT share_box`;
  let reason: string;
  try {
    const priced = await boxPriced(tx, box);
    const c = contentsOf(box, m, choice, priced);
    const wanted = new Map(c.items.map((i) => [i.productId, i.quantity]));
    const totalCents = plan.boxPriceCents + c.extraCents;
    const unit = spreadPrice(
      c.items.map((i) => ({
        ...i,
        valueCents: (priced.get(i.productId)?.priceCents ?? 0) * i.quantity,
      })),
      totalCents,
    );
    // The hold becomes the order: given back, then taken by the checkout under the same row locks.
    await releaseHold(tx, { shareMembershipId: m.id });
    const can = await takeable(tx, wanted);
    const items = c.items.flatMap((i) => {
      const quantity = Math.min(i.quantity, can.get(i.productId) ?? 0);
      return quantity > 0 ? [{ productId: i.productId, quantity }] : [];
    });
    if (!items.length) throw conflict("Everything in this box is out of stock");
    const charged = items.reduce((sum, i) => sum + unit.get(i.productId)! * i.quantity, 0);

    // A season box is paid from the prepaid balance: moved into the wallet, then paid as any order.
    let drawn = 0;
    if (m.payment === "season") {
      const [row] = await tx.$queryRaw<{ prepaidCents: number }[]>`
        UPDATE "ShareMembership" SET "boxesLeft" = "boxesLeft" - 1
        WHERE "id" = ${m.id} AND "boxesLeft" > 0 RETURNING "prepaidCents"`;
      drawn = row ? Math.min(row.prepaidCents, charged) : 0;
      if (drawn > 0) await prepaidToWallet(tx, m, drawn, `${plan.name}: box of ${date}`);
    }
    const window = (await planSchedule(tx, plan, now)).window;
    if (!window)
      throw conflict(`${farm.farmName} no longer has the window this share is handed over at`);
    const choiceOf: { slotId: string; addressId?: number } = { slotId: slotIdOf(window.id, date) };
    if (plan.kind === "delivery") {
      if (m.addressId === null) throw conflict("Your delivery address for this share was removed");
      choiceOf.addressId = m.addressId;
    }
    const placed = await placeCheckout(
      tx,
      m.userId,
      { items, fulfilment: { [String(farm.id)]: choiceOf } },
      now,
      { receipt: true, boxUnitCents: unit },
    );
    await tx.$executeRaw`RELEASE SAVEPOINT share_box`;
    const orderId = placed.orders[0].id;
    // From here the row's swaps are what was packed: never-items replaced, then the member's.
    await record(tx, m.id, date, { status: "placed", orderId, swaps: [...c.replaced, ...c.swaps] });
    const cardId = await recordShortPick(tx, orderId, farm, wanted);
    return { outcome: { ...base, status: "placed", orderId }, cardId };
  } catch (error) {
    if (!isAppError(error)) throw error;
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT share_box`;
    reason = error.message;
  }
  await record(tx, m.id, date, { status: "failed", reason });
  const notice = await storeNotice(
    tx,
    farm.userId,
    m.userId,
    `We could not place your ${plan.name} box for ${formatSlotDay(`${date}T00:00`)}: ${reason}`,
    `share-box-${m.id}-${date}`,
  );
  return { outcome: { ...base, status: "failed", reason }, notice };
}

/** Claims and handles the next due member's box; null when none is due (or all are held). */
export async function placeNextBox(now = new Date()): Promise<BoxOutcome | null> {
  const done = await inTransaction(async (tx) => {
    const claim = await claimNext(tx, now);
    return claim ? handle(tx, claim, now) : null;
  });
  if (!done) return null;
  const what = `share ${done.outcome.membershipId} (${done.outcome.localDate})`;
  if (done.notice)
    await publishMessage(done.notice).catch((e: unknown) =>
      console.error(`[shares] could not push the message of ${what}:`, e),
    );
  if (done.cardId)
    await publishCard(done.cardId).catch((e: unknown) =>
      console.error(`[shares] could not push the short-pick card of ${what}:`, e),
    );
  return done.outcome;
}

/** Charges the season instalments due by `now` (one transaction each, the membership locked). */
export async function chargeDueInstalments(now = new Date()): Promise<number> {
  const due = await inTransaction(
    (tx) => tx.$queryRaw<{ id: number; membershipId: number; dueDate: string }[]>`
      SELECT i."id", i."membershipId", i."dueDate" FROM "ShareInstalment" i
      JOIN "ShareMembership" m ON m."id" = i."membershipId"
      JOIN "SharePlan" p ON p."id" = m."planId"
      WHERE i."paidAt" IS NULL AND m."status" <> 'cancelled'
        AND i."dueDate" <= to_char(${now}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      ORDER BY i."id" LIMIT 200`,
  );
  let charged = 0;
  for (const i of due)
    charged += await inTransaction(async (tx) => {
      const [m] = await tx.$queryRaw<{ id: number; userId: number; instalments: number }[]>`
        SELECT "id", "userId", "instalments" FROM "ShareMembership"
        WHERE "id" = ${i.membershipId} FOR UPDATE SKIP LOCKED`;
      if (!m) return 0;
      const row = await tx.shareInstalment.findUniqueOrThrow({ where: { id: i.id } });
      if (row.paidAt) return 0;
      await tx.$executeRaw`SAVEPOINT instalment`;
      try {
        await walletToPrepaid(tx, m, row.amountCents, `Farm share instalment of ${row.dueDate}`);
      } catch (error) {
        // An empty wallet leaves it due: the next round tries again, and a box draws what is there.
        // The member is told once per instalment (the dedupe key), not every round.
        if (!isAppError(error)) throw error;
        await tx.$executeRaw`ROLLBACK TO SAVEPOINT instalment`;
        await enqueue(tx, {
          userId: m.userId,
          kind: "share_payment_failed",
          payload: { instalmentId: row.id },
          dedupeKey: `share_payment_failed:${row.id}`,
        });
        return 0;
      }
      await tx.shareInstalment.update({ where: { id: row.id }, data: { paidAt: now } });
      return 1;
    });
  return charged;
}

/** Every box due at `now` (at most `limit`), then the boxes whose members are all handled closed. */
export async function placeDueBoxes(now = new Date(), limit = 100_000): Promise<BoxOutcome[]> {
  const outcomes: BoxOutcome[] = [];
  while (outcomes.length < limit) {
    const outcome = await placeNextBox(now);
    if (!outcome) break;
    outcomes.push(outcome);
  }
  await closeHandledBoxes(now);
  return outcomes;
}

export function startShareWorker(
  intervalMs = 60_000,
  log: (message: string) => void = (m) => console.info(`[shares] ${m}`),
): Loop {
  return startLoop(
    async () => {
      const paid = await chargeDueInstalments();
      if (paid) log(`${paid} instalment(s) charged`);
      const outcomes = await placeDueBoxes();
      if (outcomes.length)
        log(
          `${outcomes.length} box(es): ${["placed", "failed", "skipped"].map((s) => `${outcomes.filter((o) => o.status === s).length} ${s}`).join(", ")}`,
        );
    },
    { firstMs: 5_000, intervalMs, log },
  );
}
