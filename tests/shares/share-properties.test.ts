/**
 * Farm share invariants (docs/shares.md, "Money"), over random sequences of joins, swaps, nevers,
 * skips, pauses, cancels, farmer counts and placements at each cutoff: every wallet = Σ its
 * ledger (checkLedgerAfterEach), every prepaid balance = Σ its rows, stock never below zero and
 * what is held = Σ the holds. And the two pure rules under them: a member's box and the spread
 * of its price over the lines.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/server/platform/db";
import { isAppError } from "@/lib/server/platform/errors";
import { inTransaction } from "@/lib/server/platform/transaction";
import { countStock } from "@/lib/server/stock/stock";
import { memberContents, spreadPrice } from "@/lib/server/shares/contents";
import { publishBox } from "@/lib/server/shares/boxes";
import {
  cancelShare,
  joinShare,
  pauseShare,
  resumeShare,
  setNever,
  skipBox,
  swapBox,
  unskipBox,
} from "@/lib/server/shares/memberships";
import { boxCutoff, boxDates, planWindow } from "@/lib/server/shares/schedule";
import { placeDueBoxes } from "@/lib/server/shares/worker";
import { checkLedgerAfterEach } from "../wallet/support";
import { member, prepaidMismatches, shareWorld } from "./support";

checkLedgerAfterEach();

describe("the pure rules", () => {
  it("spreads a price over lines exactly, never above it", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 12 }), valueCents: fc.nat(5_000) }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 100_000 }),
        (raw, total) => {
          const lines = raw.map((l, i) => ({ ...l, productId: i + 1 }));
          const unit = spreadPrice(lines, total);
          const sum = lines.reduce((s, l) => s + unit.get(l.productId)! * l.quantity, 0);
          expect(sum).toBeLessThanOrEqual(total);
          expect([...unit.values()].every((u) => u >= 0 && Number.isInteger(u))).toBe(true);
          // Exact whenever some line is a single unit (any remainder fits it).
          if (lines.some((l) => l.quantity === 1)) expect(sum).toBe(total);
          // Never short by more than the quantities' common divisor allows.
          expect(total - sum).toBeLessThan(Math.max(...lines.map((l) => l.quantity)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a member's box holds no never-item and charges only dearer swaps", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.integer({ min: 13, max: 20 }), { maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 4 }),
        fc.array(
          fc.record({ out: fc.integer({ min: 1, max: 12 }), in: fc.integer({ min: 13, max: 20 }) }),
          {
            maxLength: 3,
          },
        ),
        (items, options, never, swaps) => {
          const price = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, (i % 7) * 100 + 50]));
          const c = memberContents(
            {
              items: items.map((productId) => ({ productId, quantity: 2 })),
              swapOptions: options.map((productId) => ({ productId, quantity: 1 })),
            },
            never,
            swaps,
            price,
          );
          const ids = c.items.map((i) => i.productId);
          expect(new Set(ids).size).toBe(ids.length);
          for (const r of c.replaced) expect(never).toContain(r.out);
          expect(ids.filter((id) => never.includes(id) && !options.includes(id))).toEqual([]);
          expect(c.extraCents).toBeGreaterThanOrEqual(0);
          const extra = c.swaps.reduce(
            (s, w) => s + Math.max(0, price.get(w.in)! - 2 * price.get(w.out)!),
            0,
          );
          expect(c.extraCents).toBe(extra);
        },
      ),
      { numRuns: 300 },
    );
  });
});

type Step =
  | { kind: "join"; who: number; season: boolean; instalments: 1 | 2 | 4 }
  | { kind: "swap" | "never" | "skip" | "unskip" | "resume" | "cancel"; who: number }
  | { kind: "pause"; who: number; weeks: number }
  | { kind: "publish" | "place" }
  | { kind: "count"; product: number; to: number };

const who = fc.nat(3);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("join" as const),
      who,
      season: fc.boolean(),
      instalments: fc.constantFrom(1 as const, 2 as const, 4 as const),
    }),
  },
  ...(["swap", "never", "skip", "unskip", "resume", "cancel"] as const).map((kind) =>
    fc.record({ kind: fc.constant(kind), who }),
  ),
  fc.record({ kind: fc.constant("pause" as const), who, weeks: fc.integer({ min: 1, max: 3 }) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("publish" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("place" as const) }) },
  fc.record({ kind: fc.constant("count" as const), product: fc.nat(3), to: fc.nat(8) }),
);

describe("random share sequences", () => {
  it("keep wallets, prepaid balances and stock holds in step", async () => {
    let placed = 0;
    await fc.assert(
      // Each sequence starts with a member and a published box and ends with a worker round, so
      // every run can reach the worker whatever comes between (12 random runs alone did not always).
      fc.asyncProperty(
        fc
          .array(step, { minLength: 6, maxLength: 22 })
          .map((middle): Step[] => [
            { kind: "join", who: 0, season: false, instalments: 1 },
            { kind: "publish" },
            ...middle,
            { kind: "place" },
          ]),
        async (steps) => {
          const w = await shareWorld({ capacity: 3 });
          const farmer = await db.user.findUniqueOrThrow({ where: { id: w.farmer.user.id } });
          const people = await Promise.all(
            [0, 1, 2, 3].map(async (n) => {
              const m = await member(`Prop ${n}`, 150);
              return db.user.findUniqueOrThrow({ where: { id: m.user.id } });
            }),
          );
          const plan = await db.sharePlan.findUniqueOrThrow({ where: { id: w.plan.id } });
          const window = await planWindow(db, plan);
          const dates = boxDates(plan);
          const products = [w.carrots, w.kale, w.beets, w.garlic];
          let k = 0;
          const share = new Map<number, number>();
          const refusals = async (f: () => Promise<unknown>) => {
            try {
              await f();
            } catch (e) {
              if (!isAppError(e)) throw e;
            }
          };
          for (const s of steps) {
            if (k >= dates.length) break;
            const date = dates[k];
            const now = new Date(
              boxCutoff(window, date, "America/Vancouver").getTime() - 3_600_000,
            );
            const user = "who" in s ? people[s.who] : farmer;
            const id = "who" in s ? share.get(s.who) : undefined;
            await refusals(async () => {
              switch (s.kind) {
                case "join": {
                  const r = await joinShare(
                    user,
                    plan.id,
                    {
                      payment: s.season ? "season" : "weekly",
                      instalments: s.season ? s.instalments : undefined,
                    },
                    undefined,
                    now,
                  );
                  share.set(s.who, r.value.id);
                  return;
                }
                case "publish":
                  await publishBox(
                    farmer,
                    plan.id,
                    date,
                    {
                      items: [
                        { productId: w.carrots.id, quantity: 2 },
                        { productId: w.kale.id, quantity: 1 },
                      ],
                      swapOptions: [{ productId: w.garlic.id, quantity: 1 }],
                    },
                    now,
                  );
                  return;
                case "place":
                  await placeDueBoxes(new Date(now.getTime() + 2 * 3_600_000));
                  k++;
                  return;
                case "count":
                  await inTransaction((tx) =>
                    countStock(tx, products[s.product].id, w.farmer.farm.id, s.to),
                  );
                  return;
              }
              if (id === undefined) return;
              if (s.kind === "swap")
                await swapBox(
                  user,
                  id,
                  date,
                  { swaps: [{ out: w.kale.id, in: w.garlic.id }] },
                  now,
                );
              if (s.kind === "never") await setNever(user, id, [w.carrots.id], now);
              if (s.kind === "skip") await skipBox(user, id, date, undefined, now);
              if (s.kind === "unskip") await unskipBox(user, id, date, undefined, now);
              if (s.kind === "pause")
                await pauseShare(user, id, dates[Math.min(k + s.weeks, dates.length - 1)], now);
              if (s.kind === "resume") await resumeShare(user, id, now);
              if (s.kind === "cancel") await cancelShare(user, id, undefined, now);
            });
            expect(await prepaidMismatches()).toEqual([]);
            const held = await db.$queryRaw<{ id: number }[]>`
            SELECT p."id" FROM "Product" p
            WHERE p."farmId" = ${w.farmer.farm.id} AND (p."stock" < 0 OR p."reserved" > p."stock"
              OR p."reserved" <> COALESCE((SELECT SUM(r."quantity") FROM "StockReservation" r
                WHERE r."productId" = p."id"), 0))`;
            expect(held).toEqual([]);
          }
          const counted = await db.sharePlan.findUniqueOrThrow({ where: { id: plan.id } });
          expect(counted.memberCount).toBe(
            await db.shareMembership.count({
              where: { planId: plan.id, status: { not: "cancelled" } },
            }),
          );
          // Exactly once: no member has two orders for one box date.
          const twice = await db.$queryRaw<{ n: number }[]>`
          SELECT COUNT(*)::int AS n FROM "ShareBoxChoice" WHERE "status" = 'placed'
          GROUP BY "orderId" HAVING COUNT(*) > 1`;
          expect(twice).toEqual([]);
          placed += await db.shareBoxChoice.count({
            where: { status: "placed", membership: { planId: plan.id } },
          });
        },
      ),
      { numRuns: 12 },
    );
    // The sequences reached the worker: boxes were placed as orders, not only refused.
    expect(placed).toBeGreaterThan(0);
  });
});
