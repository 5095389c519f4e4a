import "server-only";
import { centsToDollars } from "@/lib/money";
import type { FarmPayoutsJson, PayoutSummaryJson } from "@/lib/contracts/payments";
import type { Payout } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { Prisma } from "@/lib/generated/prisma/client";
import { requireOwnFarm, requireOwnFarmAndAccount } from "@/lib/server/farm/access";
import { db, readRows, sqlInt } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { AppError, conflict } from "@/lib/server/platform/errors";
import { nextPayoutAt, payoutWeek } from "./payouts";
import { commissionRate, paymentProvider } from "./provider";

/**
 * My Farm → Payouts (docs/money.md, "Payouts"): what the farm earned, holds and was paid; each
 * payout's statement is lib/server/accounting/payout-statement.ts.
 */

type PayoutSummaryRow = Pick<
  Payout,
  | "id"
  | "periodEnd"
  | "amountCents"
  | "status"
  | "paidAt"
  | "reference"
  | "failureReason"
  | "waitingReason"
>;

export function serializePayout(p: PayoutSummaryRow): PayoutSummaryJson {
  return {
    id: p.id,
    periodEnd: p.periodEnd,
    amount: centsToDollars(p.amountCents),
    status: p.status,
    ...(p.paidAt ? { paidAt: p.paidAt.toISOString() } : {}),
    ...(p.reference ? { reference: p.reference } : {}),
    ...(p.failureReason ? { failureReason: p.failureReason } : {}),
    ...(p.status === "pending_manual" && p.waitingReason ? { waitingReason: p.waitingReason } : {}),
  };
}

/** The farm ledger's rows no payout has collected yet, written before `before`: their sum. */
async function unpaidBefore(farmId: number, before: Date): Promise<number> {
  const [row] = await readRows<{ cents: number }>(Prisma.sql`
    SELECT coalesce(sum(e."amountCents"), 0)::int AS cents FROM "FarmLedgerEntry" e
    WHERE e."farmId" = ${farmId} AND e."payoutId" IS NULL AND e."createdAt" < ${before}`);
  return row.cents;
}

/** How many payouts My Farm → Payouts lists: two years of weekly payouts. */
const PAYOUTS_SHOWN = 104;

/**
 * The farm's next payout: its day (farm time) and what it would pay if it ran now, the rows older
 * than the hold at its cutoff; 0 when that is nothing or more than the balance (carried forward).
 * My Farm → Payouts and → Today both show it.
 */
export async function nextPayoutOf(
  farmId: number,
  timeZone: string,
  balanceCents: number,
  now: Date,
): Promise<{ date: string; amount: number }> {
  const next = nextPayoutAt(now, timeZone);
  const cutoff = payoutWeek(next.plus({ minutes: 1 }).toJSDate(), timeZone)!.cutoff;
  const cents = await unpaidBefore(farmId, cutoff);
  return {
    date: next.toISODate()!,
    amount: centsToDollars(cents > 0 && cents <= balanceCents ? cents : 0),
  };
}

/** GET /api/my-farm/payouts: the farm and its account, then its three reads side by side. */
export async function farmPayouts(user: SessionUser, now = new Date()): Promise<FarmPayoutsJson> {
  const farm = await requireOwnFarmAndAccount(user);
  const balance = farm.account.balanceCents;
  const [availableCents, nextPayout, payouts] = await Promise.all([
    unpaidBefore(farm.id, new Date(now.getTime() - env().PAYOUT_HOLD_DAYS * 86_400_000)),
    nextPayoutOf(farm.id, farm.timeZone, balance, now),
    readRows<PayoutSummaryRow>(Prisma.sql`
      SELECT p.id, p."periodEnd", p."amountCents", p.status::text AS status, p."paidAt", p.reference,
        p."failureReason", p."waitingReason"
      FROM "Payout" p WHERE p."farmId" = ${farm.id}
      ORDER BY p."periodEnd" DESC, p.id DESC
      LIMIT ${sqlInt(PAYOUTS_SHOWN)}`),
  ]);
  const provider = paymentProvider().name;
  return {
    provider,
    connected:
      provider === "stripe" && !!farm.account.stripeAccountId && farm.account.payoutsEnabled,
    commissionRate: commissionRate(),
    balance: centsToDollars(balance),
    available: centsToDollars(Math.max(0, Math.min(availableCents, balance))),
    held: centsToDollars(Math.max(0, balance - Math.max(0, availableCents))),
    nextPayout,
    payouts: payouts.map(serializePayout),
  };
}

/**
 * POST /api/my-farm/payouts/connect: the farm's Stripe connected account, created once (its
 * idempotency key is the farm), and a fresh onboarding link; demo mode has nothing to connect.
 */
export async function connectPayouts(
  user: SessionUser,
  appOrigin: string,
): Promise<{ url: string }> {
  const own = await requireOwnFarm(user);
  const provider = paymentProvider();
  if (provider.name !== "stripe")
    throw conflict(
      "Payouts are paid by hand in demo mode: Fieldfare sends each weekly payout by e-transfer, so there is no account to connect.",
    );
  try {
    let account = await db.farmAccount.upsert({
      where: { farmId: own.id },
      create: { farmId: own.id },
      update: {},
    });
    if (!account.stripeAccountId) {
      const email = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).email;
      const id = await provider.createConnectedAccount({ farmId: own.id, email });
      account = await db.farmAccount.update({
        where: { farmId: own.id },
        data: { stripeAccountId: id },
      });
    }
    const back = `${appOrigin}/my-farm/payouts`;
    const url = await provider.accountLink({
      accountId: account.stripeAccountId!,
      returnUrl: back,
      refreshUrl: back,
    });
    return { url };
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.error(`[payments] payout setup for farm ${own.id} failed:`, e);
    throw new AppError(
      "unavailable",
      "Payout setup is unavailable for a moment. Please try again shortly.",
      {
        headers: { "Retry-After": "5" },
      },
    );
  }
}
