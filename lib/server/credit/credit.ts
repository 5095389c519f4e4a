import "server-only";
import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import { AppError } from "@/lib/server/platform/errors";
import type { Tx } from "@/lib/server/platform/transaction";
import { formatCents } from "@/lib/server/wallet/serialize";

/**
 * Pay on account (docs/restaurants.md, "Pay on account"). A farm's credit line for a restaurant
 * bounds what that buyer owes the farm: the orders on account that are not cancelled, on every
 * statement not yet paid. Nothing stores that sum; it is read from the orders each time, so it
 * can never drift from them.
 */

/** Cents the buyer owes the farm on account: live orders on unpaid statements. */
export async function owedCents(tx: Tx, farmId: number, buyerId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ owed: number }[]>`
    SELECT COALESCE(SUM(o."totalCents"), 0)::int AS "owed"
    FROM "Order" o JOIN "Statement" s ON s."id" = o."statementId"
    WHERE s."farmId" = ${farmId} AND s."buyerId" = ${buyerId} AND s."paidAt" IS NULL AND o."status" <> 'cancelled'`;
  return row.owed;
}

/**
 * Takes `extraCents` more of the buyer's credit at `farm`, or refuses with 409 credit_limit naming
 * the farm and what is available. Locks the credit line row first (FOR UPDATE), so concurrent
 * checkouts, edits and adjustments on account of one buyer at one farm queue there and each one
 * counts the orders the ones before it committed (READ COMMITTED reads afresh after the wait).
 * Called after stock and slots are taken and before the wallet, as every money path locks.
 */
export async function takeCredit(
  tx: Tx,
  buyerId: number,
  farm: { id: number; farmName: string },
  extraCents: number,
  what = "this order costs",
) {
  const [line] = await tx.$queryRaw<{ limitCents: number }[]>`
    SELECT "limitCents" FROM "CreditLine" WHERE "farmId" = ${farm.id} AND "buyerId" = ${buyerId} FOR UPDATE`;
  if (!line)
    throw new AppError(
      "credit_limit",
      `${farm.farmName} has not opened an account for you: pay from your wallet`,
    );
  const owed = await owedCents(tx, farm.id, buyerId);
  const available = Math.max(0, line.limitCents - owed);
  if (extraCents > available) {
    throw new AppError(
      "credit_limit",
      `Over your credit limit at ${farm.farmName}: ${what} ${formatCents(extraCents)} but ${formatCents(available)} of your ${formatCents(line.limitCents)} credit is available. Pay from your wallet or settle a statement.`,
    );
  }
}

/** YYYY-MM of `at` in the farm's zone: the statement period an order placed then goes on. */
export const periodOf = (at: Date, timeZone: string) =>
  DateTime.fromJSDate(at, { zone: zoneOf(timeZone) }).toFormat("yyyy-MM");

/** The 15th of the month after the period. */
export const dueDateOf = (period: string) =>
  DateTime.fromISO(`${period}-01`).plus({ months: 1 }).set({ day: 15 }).toISODate()!;

/** "November 2026" */
export const periodLabel = (period: string) =>
  DateTime.fromISO(`${period}-01`).setLocale("en-US").toFormat("LLLL yyyy");

/**
 * The id of this month's statement of the buyer at the farm, created on the first order on account
 * of the month. INSERT … ON CONFLICT keeps it one row however many checkouts arrive at once, and
 * locks it until this transaction ends, so a payment of it waits for this order. A paid statement
 * never takes another order: when the month's is paid already (a farm that moved its time zone
 * back across a month end reaches a month it was paid for), the order goes on the next month's.
 */
export async function statementFor(
  tx: Tx,
  farmId: number,
  buyerId: number,
  timeZone: string,
  now: Date,
): Promise<{ id: number; period: string }> {
  let period = periodOf(now, timeZone);
  for (;;) {
    const [row] = await tx.$queryRaw<{ id: number; paidAt: Date | null }[]>`
      INSERT INTO "Statement" ("farmId", "buyerId", "period", "dueDate")
      VALUES (${farmId}, ${buyerId}, ${period}, ${dueDateOf(period)})
      ON CONFLICT ("farmId", "buyerId", "period") DO UPDATE SET "period" = EXCLUDED."period"
      RETURNING "id", "paidAt"`;
    if (!row.paidAt) return { id: row.id, period };
    period = DateTime.fromISO(`${period}-01`).plus({ months: 1 }).toFormat("yyyy-MM");
  }
}
