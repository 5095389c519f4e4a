import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OpsTodayJson } from "@/lib/contracts/ops";
import { centsToDollars } from "@/lib/money";
import { readRows } from "@/lib/server/platform/db";
import { latestReconcile } from "@/lib/server/payments/reconcile";
import { figuresBetween } from "@/lib/server/accounting/figures";

/**
 * The ops console's Today screen (docs/operations.md): one statement of counts, and the money
 * figures of lib/figures.ts for the whole marketplace. "Today" is the last 24 hours, so the figures
 * do not jump at a midnight that differs between farms' zones.
 */
export async function opsToday(now = new Date()): Promise<OpsTodayJson> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const figures = await figuresBetween(since, now);
  const [r] = await readRows<{
    placed: number;
    failedPayments: number;
    failedTransfers: number;
    emailsWaiting: number;
    emailsFailed: number;
    sheetsWaiting: number;
    sheetsFailed: number;
    applicationsWaiting: number;
    manualPayoutsWaiting: number;
    walletsOnHold: number;
  }>(Prisma.sql`
    SELECT
      (SELECT COUNT(*)::int FROM "Order" WHERE "createdAt" >= ${since}) AS "placed",
      (SELECT COUNT(*)::int FROM "TopUp" WHERE "status" = 'failed' AND "createdAt" >= ${since}) AS "failedPayments",
      (SELECT COUNT(*)::int FROM "Payout" WHERE "status" = 'failed') AS "failedTransfers",
      (SELECT COUNT(*)::int FROM "Notification" WHERE "status" IN ('pending', 'sending')) AS "emailsWaiting",
      (SELECT COUNT(*)::int FROM "Notification" WHERE "status" = 'failed') AS "emailsFailed",
      (SELECT COUNT(*)::int FROM "SheetsOutbox" WHERE "status" = 'pending') AS "sheetsWaiting",
      (SELECT COUNT(*)::int FROM "SheetsOutbox" WHERE "status" = 'failed') AS "sheetsFailed",
      (SELECT COUNT(*)::int FROM "BusinessAccount" WHERE "status" = 'pending') AS "applicationsWaiting",
      (SELECT COUNT(*)::int FROM "Payout" WHERE "status" = 'pending_manual') AS "manualPayoutsWaiting",
      (SELECT COUNT(*)::int FROM "Wallet" WHERE "onHold") AS "walletsOnHold"`);
  return {
    since: since.toISOString(),
    placed: r.placed,
    orders: figures.orders,
    sales: centsToDollars(figures.salesCents),
    commission: centsToDollars(figures.commissionCents),
    failedPayments: r.failedPayments,
    failedTransfers: r.failedTransfers,
    emails: { waiting: r.emailsWaiting, failed: r.emailsFailed },
    sheets: { waiting: r.sheetsWaiting, failed: r.sheetsFailed },
    applicationsWaiting: r.applicationsWaiting,
    manualPayoutsWaiting: r.manualPayoutsWaiting,
    walletsOnHold: r.walletsOnHold,
    reconcile: await latestReconcile(),
  };
}
