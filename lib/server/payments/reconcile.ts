import "server-only";
import { db } from "@/lib/server/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * `npm run payments:reconcile` (docs/money.md, "Reconciliation"): every money invariant, read from
 * the database in a few aggregate queries. Each check lists what disagrees; empty means it holds.
 */
export type Check = { name: string; problems: string[] };

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
