import "server-only";
import { db } from "@/lib/server/platform/db";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReconcileRunJson } from "@/lib/contracts/ops";
import { paymentProvider } from "./provider";
import { reconcileWithStripe } from "./reconcile-stripe";

/**
 * `npm run payments:reconcile` and the worker's daily round (docs/money.md, "Reconciliation"):
 * our books against Stripe's own records (reconcile-stripe.ts), and every money invariant of our
 * books with themselves, read in a few aggregate queries. Each check lists what disagrees, in
 * lines an ops person reads; empty means it holds.
 */
export type Check = { name: string; problems: string[] };

/** How far back Stripe's records and our rows are compared unless asked otherwise. */
export const RECONCILE_DAYS = 7;

export type ReconcileReport = {
  against: "stripe" | "demo";
  since: Date;
  checks: Check[];
  differences: number;
};

/** Every check: against Stripe when it is the provider, then our books with themselves. */
export async function reconcileReport(
  since = new Date(Date.now() - RECONCILE_DAYS * 86_400_000),
): Promise<ReconcileReport> {
  const provider = paymentProvider();
  const checks = [
    ...(provider.name === "stripe" ? await reconcileWithStripe(provider, since) : []),
    ...(await reconcile()),
  ];
  return {
    against: provider.name,
    since,
    checks,
    differences: checks.reduce((n, c) => n + c.problems.length, 0),
  };
}

/** Lines kept on a run for /ops → Today; the CLI prints them all. */
const KEPT_LINES = 50;

/**
 * Runs every check and keeps the result as a `ReconcileRun` (this module is its one writer). A
 * daily round passes its UTC `day`: the first worker to insert that day's row runs it, any other
 * finds it taken and answers null.
 */
export async function recordReconcile(
  opts: { since?: Date; day?: string } = {},
): Promise<ReconcileReport | null> {
  const since = opts.since ?? new Date(Date.now() - RECONCILE_DAYS * 86_400_000);
  const against = paymentProvider().name;
  const claimed = await db.reconcileRun.createManyAndReturn({
    data: [{ day: opts.day ?? null, against, since, lines: [] }],
    skipDuplicates: true,
  });
  if (!claimed.length) return null;
  const report = await reconcileReport(since);
  await db.reconcileRun.update({
    where: { id: claimed[0].id },
    data: {
      finishedAt: new Date(),
      differences: report.differences,
      lines: report.checks.flatMap((c) => c.problems).slice(0, KEPT_LINES),
    },
  });
  return report;
}

/** The latest finished run, for /ops → Today; null before the first. */
export async function latestReconcile(): Promise<ReconcileRunJson | null> {
  const run = await db.reconcileRun.findFirst({
    where: { finishedAt: { not: null } },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
  });
  if (!run?.finishedAt) return null;
  return {
    at: run.finishedAt.toISOString(),
    against: run.against === "stripe" ? "stripe" : "demo",
    since: run.since.toISOString(),
    differences: run.differences ?? 0,
    lines: run.lines,
  };
}

/**
 * The daily round (with the payout worker: PAYOUTS_WORKER): every hour it tries to claim today's
 * UTC day, so one run a day happens whichever instances are up, and a day missed while all were
 * down is run when one comes back.
 */
export function startReconcileWorker({
  firstMs = 120_000,
  intervalMs = 3600_000,
  log = (m: string) => console.info(`[reconcile] ${m}`),
} = {}): Loop {
  return startLoop(
    async () => {
      const day = new Date().toISOString().slice(0, 10);
      const r = await recordReconcile({ day });
      if (r)
        log(
          r.differences
            ? `${r.differences} difference(s) against ${r.against === "stripe" ? "Stripe" : "our books"}`
            : `every check holds (${r.against})`,
        );
    },
    { firstMs, intervalMs, log },
  );
}

/** Rows of a type, an undone handover's opposite rows (`undo-…`) counting −1: 1 for a completed order, else 0. */
const net = (type: string) =>
  Prisma.sql`(COUNT(*) FILTER (WHERE e."type" = ${Prisma.raw(`'${type}'`)} AND e."dedupeKey" NOT LIKE 'undo-%')
    - COUNT(*) FILTER (WHERE e."type" = ${Prisma.raw(`'${type}'`)} AND e."dedupeKey" LIKE 'undo-%'))`;
const rounds = Prisma.sql`(CASE WHEN o."status" = 'completed' THEN 1 ELSE 0 END)`;
const owed = Prisma.sql`(CASE WHEN o."status" = 'completed' THEN o."totalCents" ELSE 0 END)`;

export async function reconcile(): Promise<Check[]> {
  const topUps = await db.$queryRaw<{ id: number; paid: number; credited: number }[]>`
    SELECT t."id", t."amountCents" AS "paid", COALESCE(SUM(x."amountCents"), 0)::int AS "credited"
    FROM "TopUp" t LEFT JOIN "Transaction" x ON x."reference" = 'TOPUP-' || t."id" AND x."type" = 'top-up'
    GROUP BY t."id"
    HAVING (t."status" = 'paid') <> (COUNT(x."id") = 1)
        OR (t."status" = 'paid' AND COALESCE(SUM(x."amountCents"), 0) <> t."amountCents")`;
  const wallets = await db.$queryRaw<{ userId: number; balance: number; ledger: number }[]>`
    SELECT w."userId", w."balanceCents" AS "balance",
           COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0)::int AS "ledger"
    FROM "Wallet" w
    WHERE w."balanceCents" <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0)`;
  // An undone handover adds its opposite rows (docs/fulfilment.md): a completed order nets one
  // sale adding up to its total, an order undone and not handed over again none, adding up to 0.
  const orders = await db.$queryRaw<{ orderId: number; problem: string }[]>`
    SELECT o."id" AS "orderId",
           CASE WHEN ${net("sale")} <> ${rounds} THEN 'sale rows: ' || ${net("sale")}
                WHEN ${net("commission")} <> ${rounds} THEN 'commission rows: ' || ${net("commission")}
                WHEN SUM(e."amountCents") FILTER (WHERE e."type" = 'sale') <> ${owed} THEN 'sale ' || SUM(e."amountCents") FILTER (WHERE e."type" = 'sale') || ' <> total ' || o."totalCents"
                ELSE 'commission ' || SUM(e."amountCents") FILTER (WHERE e."type" = 'commission') || ' outside 0..−goods' END AS "problem"
    FROM "Order" o JOIN "FarmLedgerEntry" e ON e."orderId" = o."id" AND e."type" IN ('sale', 'commission')
    GROUP BY o."id"
    HAVING ${net("sale")} <> ${rounds}
        OR ${net("commission")} <> ${rounds}
        OR SUM(e."amountCents") FILTER (WHERE e."type" = 'sale') <> ${owed}
        OR SUM(e."amountCents") FILTER (WHERE e."type" = 'commission') > 0
        OR -SUM(e."amountCents") FILTER (WHERE e."type" = 'commission') >
           (SELECT COALESCE(SUM(i."priceCents" * i."quantity"), 0) FROM "OrderItem" i WHERE i."orderId" = o."id")`;
  const farms = await db.$queryRaw<{ farmId: number; balance: number; ledger: number }[]>`
    SELECT f."id" AS "farmId", COALESCE(a."balanceCents", 0) AS "balance",
           COALESCE((SELECT SUM(e."amountCents") FROM "FarmLedgerEntry" e WHERE e."farmId" = f."id"), 0)::int AS "ledger"
    FROM "Farm" f LEFT JOIN "FarmAccount" a ON a."farmId" = f."id"
    WHERE COALESCE(a."balanceCents", 0) <> COALESCE((SELECT SUM(e."amountCents") FROM "FarmLedgerEntry" e WHERE e."farmId" = f."id"), 0)`;
  const payouts = await db.$queryRaw<{ id: number; problem: string }[]>`
    SELECT p."id",
           CASE WHEN p."status" = 'paid' AND p."reference" IS NULL THEN 'paid without a transfer or reference'
                ELSE 'amount ' || p."amountCents" || ' <> payout row ' || COALESCE(-e."amountCents", 0) END AS "problem"
    FROM "Payout" p LEFT JOIN "FarmLedgerEntry" e ON e."dedupeKey" = 'payout-' || p."id"
    WHERE (p."status" = 'paid' AND p."reference" IS NULL)
       OR e."id" IS NULL OR -e."amountCents" <> p."amountCents"`;
  return [
    {
      name: "paid top-ups = top-up ledger rows",
      problems: topUps.map((t) => `top-up ${t.id}: paid ${t.paid}, credited ${t.credited}`),
    },
    {
      name: "wallet balance = Σ wallet ledger",
      problems: wallets.map((w) => `user ${w.userId}: balance ${w.balance}, ledger ${w.ledger}`),
    },
    {
      name: "per order: one sale (= total) and one commission; sale = commission + net",
      problems: orders.map((o) => `order ${o.orderId}: ${o.problem}`),
    },
    {
      name: "farm balance = Σ farm ledger",
      problems: farms.map((f) => `farm ${f.farmId}: balance ${f.balance}, ledger ${f.ledger}`),
    },
    {
      name: "payouts = their ledger rows; paid payouts = transfers recorded",
      problems: payouts.map((p) => `payout ${p.id}: ${p.problem}`),
    },
  ];
}
