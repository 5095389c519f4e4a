import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/server/platform/db";
import { createUserWithSession } from "../support/factories";
import type { SignedEvent } from "../support/stripe-emulator";
import { balanceCents, checkLedgerAfterEach } from "../wallet/support";
import { cardTopUp, differences, paidPayout } from "./reconcile-support";
import { deliver, stripeForThisFile } from "./support";

/**
 * Stripe delivers events in no promised order, some more than once, and delivers again what we
 * refused (docs/money.md, "Stripe events and what they book"). Whatever the order, once every
 * event is in, our books equal the emulator's records: reconcile against it finds nothing.
 */
const stripe = stripeForThisFile();
checkLedgerAfterEach();

type Op =
  | { kind: "refund"; topUp: number; share: number; fail: boolean }
  | { kind: "dispute"; topUp: number; close: "won" | "lost" | null }
  | { kind: "reverse"; share: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("refund" as const),
    topUp: fc.nat(2),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    fail: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("dispute" as const),
    topUp: fc.nat(2),
    close: fc.constantFrom("won" as const, "lost" as const, null),
  }),
  fc.record({
    kind: fc.constant("reverse" as const),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
  }),
);

/** A seeded shuffle (mulberry32), so fast-check can replay and shrink a failing order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("property: events in any order, replayed or refused and sent again", () => {
  it("leave our books equal to Stripe's records: payments, partial refunds, failed refunds, disputes, reversals", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 5, max: 300 }), { minLength: 1, maxLength: 3 }),
        fc.array(op, { minLength: 1, maxLength: 8 }),
        fc.integer(),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (dollars, ops, seed, repeats) => {
          const em = stripe.emulator();
          const buyer = await createUserWithSession();
          const events: SignedEvent[] = [];
          const topUps: (Awaited<ReturnType<typeof cardTopUp>> & { left: number })[] = [];
          for (const d of dollars) {
            const t = await cardTopUp(em, buyer.cookie, d, { credit: false });
            topUps.push({ ...t, left: d * 100 });
            events.push(t.paid);
          }
          let payout: { transferId: string; left: number } | null = null;
          for (const o of ops) {
            if (o.kind === "refund") {
              const t = topUps[o.topUp % topUps.length];
              const cents = Math.max(1, Math.floor(t.left * o.share));
              if (t.left < 1) continue;
              const r = em.refund(t.sessionId, Math.min(cents, t.left));
              t.left -= Math.min(cents, t.left);
              events.push(r.created, r.charge);
              if (o.fail) {
                events.push(em.failRefund(r.refundId));
                t.left += Number(em.refunds.get(r.refundId)!.amount);
              }
            } else if (o.kind === "dispute") {
              const d = em.dispute(topUps[o.topUp % topUps.length].sessionId);
              events.push(d);
              if (o.close) events.push(em.closeDispute(d.disputeId, o.close));
            } else {
              payout ??= { transferId: (await paidPayout(em, 9_000)).transferId, left: 9_000 };
              if (payout.left < 1) continue;
              const cents = Math.min(payout.left, Math.max(1, Math.floor(9_000 * o.share)));
              events.push(em.reverse(payout.transferId, cents));
              payout.left -= cents;
            }
          }

          // Stripe's way: shuffled, some sent twice, and whatever we refuse sent again later.
          const queue = shuffled(
            [...events, ...repeats.map((i) => events[i % events.length])],
            seed,
          );
          let refused = 0;
          while (queue.length) {
            const e = queue.shift()!;
            const res = await deliver(e.payload, e.signature);
            expect([200, 409], res.text).toContain(res.status);
            if (res.status === 409) {
              refused++;
              expect(refused, "refused more often than there are events").toBeLessThan(
                events.length * events.length,
              );
              queue.push(e);
            }
          }

          expect(await differences()).toEqual([]);
          // Each refund booked once: a succeeded one taken from the wallet, or held when a
          // dispute had frozen it first (the order decides which); a failed one given back.
          const mine = [...em.refunds.values()].filter((r) =>
            topUps.some((t) => t.paymentIntent === r.payment_intent),
          );
          const booked = await db.cardRefund.findMany({ where: { userId: buyer.user.id } });
          expect(booked.map((b) => b.refundId).sort()).toEqual(mine.map((r) => r.id).sort());
          for (const r of mine) {
            const b = booked.find((x) => x.refundId === r.id)!;
            expect(b.amountCents).toBe(r.amount);
            if (r.status === "failed") expect(b.outcome).toBe("returned");
            else expect(["debited", "held"]).toContain(b.outcome);
          }
          const debited = booked.filter((b) => b.outcome === "debited");
          expect(await balanceCents(buyer.user.id)).toBe(
            dollars.reduce((s, d) => s + d * 100, 0) -
              debited.reduce((s, b) => s + b.amountCents, 0),
          );
          // Holds: every dispute not won, and every refund the wallet could not cover.
          const open = [...em.disputes.values()].filter(
            (d) =>
              topUps.some((t) => t.paymentIntent === d.payment_intent) &&
              d.status !== "won" &&
              d.status !== "warning_closed",
          ).length;
          const held = await db.walletHold.count({
            where: { userId: buyer.user.id, releasedAt: null },
          });
          expect(held).toBe(open + booked.filter((b) => b.outcome === "held").length);
          const wallet = await db.wallet.findUniqueOrThrow({ where: { userId: buyer.user.id } });
          expect(wallet.onHold).toBe(held > 0);
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);
});
