import "server-only";
import { db } from "@/lib/server/platform/db";
import { formatCents } from "@/lib/money";
import { STRIPE_CURRENCY as CURRENCY } from "@/lib/currency";
import { DISPUTE_RELEASED, REFUND_GONE } from "./webhook";
import type { CardProvider, ProviderRecords } from "./types";

/**
 * Our books against Stripe's own records (docs/money.md, "Reconciliation"): every paid Checkout
 * Session, refund, transfer, transfer reversal and dispute Stripe lists from `since` is matched to
 * exactly one row of ours by Stripe's id (or our id Stripe carries), and every row of ours that
 * claims Stripe to one of its records, to the cent and the currency. Stripe is listed from a day
 * before `since`, and our rows from then too, so a record and its row on either side of the edge
 * still meet; only the ones created from `since` on are reported as missing.
 */
export type StripeCheck = { name: string; problems: string[] };

/** Both sides are read from this much before the window, so edge records still find their row. */
const EDGE_MS = 86_400_000;

const money = (cents: number) => formatCents(cents);
const upper = (currency: string) => currency.toUpperCase();

type TopUpRow = {
  id: number;
  userId: number;
  amountCents: number;
  currency: string;
  status: string;
  failureReason: string | null;
  paymentIntent: string | null;
  createdAt: Date;
  rows: number;
  credited: number;
};
type PayoutRow = {
  id: number;
  amountCents: number;
  status: string;
  reference: string;
  createdAt: Date;
  account: string | null;
};
type LedgerRow = { key: string; amountCents: number; createdAt: Date };

export async function reconcileWithStripe(
  provider: CardProvider,
  since: Date,
): Promise<StripeCheck[]> {
  const from = new Date(since.getTime() - EDGE_MS);
  // Reversals of older transfers our window's rows name are listed too (by the transfer).
  const ourReversals = await reversalRows({ from });
  const named = await db.payout.findMany({
    where: { id: { in: [...new Set(ourReversals.map((r) => r.payoutId))] } },
    select: { reference: true },
  });
  const stripe = await provider.records({
    since: from,
    reversalsOf: named.flatMap((p) => (p.reference?.startsWith("tr_") ? [p.reference] : [])),
  });
  const fresh = (d: Date) => d >= since;
  return [
    { name: "Stripe paid Checkout Sessions = card top-up credits", problems: await topUps() },
    { name: "Stripe refunds = card refunds", problems: await refunds() },
    ...(await transfers()),
    { name: "Stripe disputes = wallet holds", problems: await disputes() },
  ];

  async function topUps(): Promise<string[]> {
    const ids = stripe.payments.flatMap((p) => (p.topUpId ? [p.topUpId] : []));
    const ours = await db.$queryRaw<TopUpRow[]>`
      SELECT t."id", t."userId", t."amountCents", t."currency", t."status"::text, t."failureReason",
             t."paymentIntent", t."createdAt",
             COUNT(x."id")::int AS "rows", COALESCE(SUM(x."amountCents"), 0)::int AS "credited"
      FROM "TopUp" t
      LEFT JOIN "Transaction" x ON x."reference" = 'TOPUP-' || t."id" AND x."type" = 'top-up'
      WHERE t."createdAt" >= ${from} OR t."id" = ANY(${ids}::int[])
      GROUP BY t."id"`;
    const byId = new Map(ours.map((t) => [t.id, t]));
    const problems: string[] = [];
    const paid = groupBy(stripe.payments, (p) => p.topUpId ?? p.id);
    for (const [, sessions] of paid) {
      const p = sessions[0];
      const t = p.topUpId ? byId.get(p.topUpId) : undefined;
      if (!t) {
        if (fresh(p.created))
          problems.push(
            `In Stripe, not in our books: paid Checkout Session ${p.id} of ${money(p.amountCents)} names no top-up of ours`,
          );
        continue;
      }
      if (sessions.length > 1)
        problems.push(
          `Paid twice in Stripe: top-up #${t.id} has ${sessions.length} paid Checkout Sessions (${sessions.map((s) => s.id).join(", ")})`,
        );
      if (t.rows === 0) {
        const why = t.status === "failed" ? ` (top-up failed: ${t.failureReason})` : "";
        problems.push(
          `In Stripe, not in our books: top-up #${t.id} was paid ${money(p.amountCents)} in Stripe (${p.id}), our books credit nothing${why}`,
        );
        continue;
      }
      if (t.rows > 1)
        problems.push(
          `Booked twice: top-up #${t.id} is credited ${t.rows} times (TOPUP-${t.id}), Stripe was paid once`,
        );
      else if (t.credited !== p.amountCents)
        problems.push(
          `Amounts differ: top-up #${t.id} is ${money(p.amountCents)} in Stripe (${p.id}), ${money(t.credited)} in our books (TOPUP-${t.id})`,
        );
      if (p.currency !== t.currency)
        problems.push(
          `Currencies differ: top-up #${t.id} is ${upper(p.currency)} in Stripe (${p.id}), ${upper(t.currency)} in our books`,
        );
    }
    const inStripe = new Set(ids);
    for (const t of ours)
      if (t.rows > 0 && !inStripe.has(t.id) && fresh(t.createdAt))
        problems.push(
          `In our books, not in Stripe: top-up #${t.id} credited ${money(t.credited)} (TOPUP-${t.id}), Stripe has no paid Checkout Session for it`,
        );
    // A card credit whose top-up row is gone claims a payment nobody can find.
    const orphans = await db.$queryRaw<LedgerRow[]>`
      SELECT x."reference" AS "key", x."amountCents", x."timestamp" AS "createdAt" FROM "Transaction" x
      WHERE x."reference" LIKE 'TOPUP-%' AND x."type" = 'top-up' AND x."timestamp" >= ${since}
        AND NOT EXISTS (SELECT 1 FROM "TopUp" t WHERE 'TOPUP-' || t."id" = x."reference")`;
    for (const o of orphans)
      problems.push(
        `In our books, not in Stripe: ledger row ${o.key} of ${money(o.amountCents)} names no top-up`,
      );
    return problems;
  }

  /** Our top-ups by the PaymentIntent a refund or a dispute names. */
  async function topUpsPaidBy(intents: (string | null)[]) {
    const list = [...new Set(intents.filter((i): i is string => !!i))];
    const rows = await db.topUp.findMany({
      where: { paymentIntent: { in: list } },
      select: { id: true, userId: true, currency: true, paymentIntent: true },
    });
    return new Map(rows.map((t) => [t.paymentIntent!, t]));
  }

  async function refunds(): Promise<string[]> {
    const ids = stripe.refunds.map((r) => r.id);
    const ours = await db.$queryRaw<
      {
        refundId: string;
        topUpId: number;
        amountCents: number;
        outcome: string;
        createdAt: Date;
        paymentIntent: string | null;
        currency: string;
        debits: number;
        net: number;
      }[]
    >`
      SELECT c."refundId", c."topUpId", c."amountCents", c."outcome"::text, c."createdAt",
             t."paymentIntent", t."currency",
             COUNT(x."id") FILTER (WHERE x."amountCents" < 0)::int AS "debits",
             COALESCE(SUM(x."amountCents"), 0)::int AS "net"
      FROM "CardRefund" c JOIN "TopUp" t ON t."id" = c."topUpId"
      LEFT JOIN "Transaction" x ON x."reference" = 'REFUND-' || c."refundId"
      WHERE c."createdAt" >= ${from} OR c."refundId" = ANY(${ids}::text[])
      GROUP BY c."refundId", t."id"`;
    const byId = new Map(ours.map((c) => [c.refundId, c]));
    const paidBy = await topUpsPaidBy(stripe.refunds.map((r) => r.paymentIntent));
    const problems: string[] = [];
    for (const r of stripe.refunds) {
      const c = byId.get(r.id);
      const gone = REFUND_GONE.has(r.status);
      if (!c) {
        if (!gone || !fresh(r.created)) continue;
        const t = r.paymentIntent ? paidBy.get(r.paymentIntent) : undefined;
        problems.push(
          t
            ? `In Stripe, not in our books: refund ${r.id} of ${money(r.amountCents)} on top-up #${t.id} was never taken from the wallet`
            : `In Stripe, not in our books: refund ${r.id} of ${money(r.amountCents)} is on a payment that is no top-up of ours (${r.paymentIntent})`,
        );
        continue;
      }
      if (c.amountCents !== r.amountCents)
        problems.push(
          `Amounts differ: refund ${r.id} is ${money(r.amountCents)} in Stripe, ${money(c.amountCents)} in our books (top-up #${c.topUpId})`,
        );
      if (r.currency !== c.currency)
        problems.push(
          `Currencies differ: refund ${r.id} is ${upper(r.currency)} in Stripe, ${upper(c.currency)} in our books (top-up #${c.topUpId})`,
        );
      if (r.paymentIntent !== c.paymentIntent)
        problems.push(
          `Refund ${r.id} is on ${r.paymentIntent} in Stripe, on top-up #${c.topUpId} (${c.paymentIntent}) in our books`,
        );
      if (c.debits > 1)
        problems.push(
          `Booked twice: refund ${r.id} is taken from the wallet ${c.debits} times (REFUND-${r.id})`,
        );
      else if (c.outcome === "debited" && -c.net !== r.amountCents)
        problems.push(
          `Amounts differ: refund ${r.id} is ${money(r.amountCents)} in Stripe, the wallet gave ${money(-c.net)} (REFUND-${r.id})`,
        );
      if (gone && c.outcome === "returned")
        problems.push(
          `Refund ${r.id} is ${r.status} in Stripe, our books gave its ${money(c.amountCents)} back as failed`,
        );
      if (!gone && c.outcome !== "returned")
        problems.push(
          `Refund ${r.id} is ${r.status} in Stripe, our books still ${c.outcome === "debited" ? `take its ${money(c.amountCents)} from the wallet` : "hold the wallet for it"}`,
        );
    }
    const inStripe = new Set(ids);
    for (const c of ours)
      if (!inStripe.has(c.refundId) && fresh(c.createdAt))
        problems.push(
          `In our books, not in Stripe: refund ${c.refundId} of ${money(c.amountCents)} on top-up #${c.topUpId} (${c.outcome})`,
        );
    const orphans = await db.$queryRaw<LedgerRow[]>`
      SELECT x."reference" AS "key", SUM(x."amountCents")::int AS "amountCents", MIN(x."timestamp") AS "createdAt"
      FROM "Transaction" x
      WHERE x."reference" LIKE 'REFUND-%' AND x."timestamp" >= ${since}
        AND NOT EXISTS (SELECT 1 FROM "CardRefund" c WHERE 'REFUND-' || c."refundId" = x."reference")
      GROUP BY x."reference"`;
    for (const o of orphans)
      problems.push(
        `In our books, not in Stripe: ledger row ${o.key} of ${money(o.amountCents)} names no card refund`,
      );
    return problems;
  }

  async function transfers(): Promise<StripeCheck[]> {
    const ids = stripe.transfers.map((t) => t.id);
    const ours = await db.$queryRaw<PayoutRow[]>`
      SELECT p."id", p."amountCents", p."status"::text, p."reference", p."createdAt", a."stripeAccountId" AS "account"
      FROM "Payout" p LEFT JOIN "FarmAccount" a ON a."farmId" = p."farmId"
      WHERE left(p."reference", 3) = 'tr_' AND (p."createdAt" >= ${from} OR p."reference" = ANY(${ids}::text[]))`;
    const byRef = groupBy(ours, (p) => p.reference);
    const problems: string[] = [];
    const matched = new Map<string, PayoutRow>();
    for (const [group, sent] of groupBy(stripe.transfers, (t) => t.group ?? t.id))
      if (sent.length > 1 && group.startsWith("payout-"))
        problems.push(
          `Paid twice in Stripe: payout #${group.slice(7)} has ${sent.length} transfers (${sent.map((t) => t.id).join(", ")})`,
        );
    for (const t of stripe.transfers) {
      const payouts = byRef.get(t.id) ?? [];
      if (payouts.length === 0) {
        if (fresh(t.created))
          problems.push(
            `In Stripe, not in our books: transfer ${t.id} of ${money(t.amountCents)} to ${t.destination}${t.group ? ` (${t.group})` : ""} is no payout of ours`,
          );
        continue;
      }
      if (payouts.length > 1)
        problems.push(
          `Booked twice: transfer ${t.id} is the reference of payouts ${payouts.map((p) => `#${p.id}`).join(" and ")}`,
        );
      const p = payouts[0];
      matched.set(t.id, p);
      if (p.amountCents !== t.amountCents)
        problems.push(
          `Amounts differ: transfer ${t.id} is ${money(t.amountCents)} in Stripe, payout #${p.id} is ${money(p.amountCents)} in our books`,
        );
      if (t.currency !== CURRENCY)
        problems.push(
          `Currencies differ: transfer ${t.id} is ${upper(t.currency)} in Stripe, payout #${p.id} is ${upper(CURRENCY)} in our books`,
        );
      if (p.account && t.destination !== p.account)
        problems.push(
          `Transfer ${t.id} went to ${t.destination} in Stripe, payout #${p.id}'s farm is ${p.account}`,
        );
      const whole = t.reversedCents >= t.amountCents;
      if (whole && p.status === "paid")
        problems.push(
          `Transfer ${t.id} is reversed in full in Stripe, payout #${p.id} is still paid in our books`,
        );
      if (!whole && p.status !== "paid")
        problems.push(
          `Payout #${p.id} is ${p.status} in our books, its transfer ${t.id} stands in Stripe (${money(t.amountCents - t.reversedCents)} not reversed)`,
        );
    }
    const inStripe = new Set(ids);
    for (const p of ours)
      if (!inStripe.has(p.reference) && fresh(p.createdAt))
        problems.push(
          `In our books, not in Stripe: payout #${p.id} of ${money(p.amountCents)} by transfer ${p.reference}`,
        );
    return [
      { name: "Stripe transfers = payouts", problems },
      { name: "Stripe transfer reversals = reversal rows", problems: await reversals(matched) },
    ];
  }

  async function reversals(matched: Map<string, PayoutRow>): Promise<string[]> {
    // Older transfers our window's reversal rows name: their payouts, by reference.
    const extra = stripe.reversals.map((r) => r.transferId).filter((id) => !matched.has(id));
    if (extra.length)
      for (const p of await db.$queryRaw<PayoutRow[]>`
        SELECT p."id", p."amountCents", p."status"::text, p."reference", p."createdAt", NULL AS "account"
        FROM "Payout" p WHERE p."reference" = ANY(${extra}::text[])`)
        matched.set(p.reference, p);
    const payoutIds = [...new Set([...matched.values()].map((p) => p.id))];
    const rows = [...ourReversals, ...(await reversalRows({ payoutIds }))];
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const byTrr = groupBy([...byKey.values()], (r) => r.reversalId);
    const returns = new Map(
      (
        await db.farmLedgerEntry.findMany({
          where: { dedupeKey: { in: payoutIds.map((id) => `payout-return-${id}`) } },
          select: { dedupeKey: true, amountCents: true },
        })
      ).map((r) => [Number(r.dedupeKey.slice("payout-return-".length)), r.amountCents]),
    );
    const problems: string[] = [];
    const unbooked = new Map<number, ProviderRecords["reversals"]>();
    for (const rv of stripe.reversals) {
      const p = matched.get(rv.transferId);
      if (!p) continue; // The transfer itself is reported (above).
      const booked = byTrr.get(rv.id) ?? [];
      if (booked.length > 1)
        problems.push(
          `Booked twice: reversal ${rv.id} of transfer ${rv.transferId} is booked back ${booked.length} times (${booked.map((b) => b.key).join(", ")})`,
        );
      const row = byKey.get(`reversal-${p.id}-${rv.id}`);
      if (!row) {
        unbooked.set(p.id, [...(unbooked.get(p.id) ?? []), rv]);
        continue;
      }
      if (row.amountCents !== rv.amountCents)
        problems.push(
          `Amounts differ: reversal ${rv.id} of transfer ${rv.transferId} is ${money(rv.amountCents)} in Stripe, ${money(row.amountCents)} in our books (payout #${p.id})`,
        );
      if (rv.currency !== CURRENCY)
        problems.push(
          `Currencies differ: reversal ${rv.id} of transfer ${rv.transferId} is ${upper(rv.currency)} in Stripe, ${upper(CURRENCY)} in our books`,
        );
    }
    for (const [payoutId, missing] of unbooked) {
      // A payout reversed in full books what its event did not list as one return row.
      const left = missing.reduce((s, r) => s + r.amountCents, 0);
      if (returns.get(payoutId) === left) continue;
      for (const rv of missing)
        if (fresh(rv.created))
          problems.push(
            `In Stripe, not in our books: reversal ${rv.id} of ${money(rv.amountCents)} on transfer ${rv.transferId} (payout #${payoutId}) was never booked back`,
          );
    }
    const inStripe = new Set(stripe.reversals.map((r) => r.id));
    for (const r of byKey.values())
      if (!inStripe.has(r.reversalId) && fresh(r.createdAt))
        problems.push(
          `In our books, not in Stripe: reversal ${r.reversalId} of ${money(r.amountCents)} booked back on payout #${r.payoutId} (${r.key})`,
        );
    return problems;
  }

  async function disputes(): Promise<string[]> {
    const ids = stripe.disputes.map((d) => d.id);
    const holds = await db.walletHold.findMany({
      where: { kind: "dispute", OR: [{ createdAt: { gte: from } }, { stripeId: { in: ids } }] },
      include: { topUp: { select: { paymentIntent: true, currency: true } } },
    });
    const byId = new Map(holds.map((h) => [h.stripeId, h]));
    const paidBy = await topUpsPaidBy(stripe.disputes.map((d) => d.paymentIntent));
    const problems: string[] = [];
    for (const d of stripe.disputes) {
      const h = byId.get(d.id);
      if (!h) {
        if (!fresh(d.created)) continue;
        const t = d.paymentIntent ? paidBy.get(d.paymentIntent) : undefined;
        problems.push(
          t
            ? `In Stripe, not in our books: dispute ${d.id} of ${money(d.amountCents)} on top-up #${t.id} holds no wallet`
            : `In Stripe, not in our books: dispute ${d.id} of ${money(d.amountCents)} is on a payment that is no top-up of ours (${d.paymentIntent})`,
        );
        continue;
      }
      if (h.amountCents !== d.amountCents)
        problems.push(
          `Amounts differ: dispute ${d.id} is ${money(d.amountCents)} in Stripe, ${money(h.amountCents)} in our books (top-up #${h.topUpId})`,
        );
      if (d.currency !== h.topUp.currency)
        problems.push(
          `Currencies differ: dispute ${d.id} is ${upper(d.currency)} in Stripe, ${upper(h.topUp.currency)} in our books (top-up #${h.topUpId})`,
        );
      if (d.paymentIntent !== h.topUp.paymentIntent)
        problems.push(
          `Dispute ${d.id} is on ${d.paymentIntent} in Stripe, on top-up #${h.topUpId} (${h.topUp.paymentIntent}) in our books`,
        );
      const released = DISPUTE_RELEASED.has(d.status);
      if (released && !h.releasedAt)
        problems.push(
          `Dispute ${d.id} is ${d.status} in Stripe, the wallet of user ${h.userId} is still held for it`,
        );
      if (!released && h.releasedAt)
        problems.push(`Dispute ${d.id} is ${d.status} in Stripe, our books released its hold`);
    }
    const inStripe = new Set(ids);
    for (const h of holds)
      if (!inStripe.has(h.stripeId) && fresh(h.createdAt))
        problems.push(
          `In our books, not in Stripe: dispute ${h.stripeId} holds the wallet of user ${h.userId} for ${money(h.amountCents)}`,
        );
    return problems;
  }
}

type ReversalRow = LedgerRow & { payoutId: number; reversalId: string };

/** Farm rows booking a transfer reversal back, `reversal-{payoutId}-{trr_id}`. */
async function reversalRows(by: { from: Date } | { payoutIds: number[] }): Promise<ReversalRow[]> {
  if ("payoutIds" in by && by.payoutIds.length === 0) return [];
  const rows = await db.farmLedgerEntry.findMany({
    where:
      "from" in by
        ? { dedupeKey: { startsWith: "reversal-" }, createdAt: { gte: by.from } }
        : { OR: by.payoutIds.map((id) => ({ dedupeKey: { startsWith: `reversal-${id}-` } })) },
    select: { dedupeKey: true, amountCents: true, createdAt: true },
  });
  return rows.flatMap((r) => {
    const m = r.dedupeKey.match(/^reversal-(\d+)-(.+)$/);
    return m
      ? [
          {
            key: r.dedupeKey,
            amountCents: r.amountCents,
            createdAt: r.createdAt,
            payoutId: Number(m[1]),
            reversalId: m[2],
          },
        ]
      : [];
  });
}

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
