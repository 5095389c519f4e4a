/**
 * Farm-share box placement: 1,000 members of one weekly share plan, their box of one date
 * published and its cutoff passed, placed by WORKERS concurrent workers (the same placeDueBoxes
 * loop the share worker runs, FOR UPDATE SKIP LOCKED on the membership) on a fresh PostgreSQL
 * database. The plan, the joins and the box go through the domain (createPlan, joinShare,
 * publishBox, so every box is held in stock as the app holds it); only the members' accounts and
 * their wallet top-ups are written directly. Reports the seconds placement took (goal ≤ 20 s) and
 * checks exactly once: one placed choice and one order per member for that date, every hold given
 * back, stock never negative and equal to what the orders took, every wallet equal to the sum of
 * its ledger.
 * Run: node --import tsx --conditions=react-server bench/shares.ts
 * Env: BENCH_SHARES (default 1000), BENCH_WORKERS (default 2).
 */
import { createBenchFarm, migratedPostgres, progress, writeVerdict } from "./support";

const N = Number(process.env.BENCH_SHARES ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const GOAL_SECONDS = 20;
const STOCK = 1_000_000;
const database = await migratedPostgres("ff_bench_shares", "bench/shares.ts");

const { db, closeDb } = await import("@/lib/server/platform/db");
const { inTransaction } = await import("@/lib/server/platform/transaction");
const { applyBalanceChange } = await import("@/lib/server/wallet/ledger");
const { ensureWallet } = await import("@/lib/server/wallet/ensure-wallet");
const { findWindow, firstDate } = await import("@/lib/server/standing/schedule");
const { createPlan } = await import("@/lib/server/shares/plans");
const { joinShare } = await import("@/lib/server/shares/memberships");
const { publishBox } = await import("@/lib/server/shares/boxes");
const { placeDueBoxes } = await import("@/lib/server/shares/worker");

try {
  const { farmer, farm, product: greens } = await createBenchFarm(db, STOCK);
  const product = (name: string, priceCents: number) =>
    db.product.create({
      data: { farmId: farm.id, name, priceCents, unit: "bunch", stock: STOCK, inStock: true },
    });
  const carrots = await product("Carrots", 300);
  const kale = await product("Kale", 400);
  const garlic = await product("Garlic", 600);
  const point = await db.pickupPoint.create({
    data: { farmId: farm.id, name: "Farm gate", address: "1 Farm Rd" },
  });
  await db.fulfilmentWindow.create({
    data: {
      farmId: farm.id,
      kind: "pickup",
      weekday: 6,
      startMinute: 9 * 60,
      endMinute: 13 * 60,
      cutoffHours: 40,
      pickupPointId: point.id,
    },
  });
  const window = (await findWindow(db, {
    farmId: farm.id,
    kind: "pickup",
    weekday: 6,
    pickupPointId: point.id,
  }))!;
  // The next Saturday whose cutoff is still ahead: the members join and the box is published
  // before it, as in the app; placement then runs just after it.
  const seasonStart = firstDate(window, new Date());
  const plan = await createPlan(
    farmer,
    {
      name: "Weekly veg box",
      description: "What is best this week",
      boxPrice: 25,
      everyWeeks: 1,
      seasonStart,
      seasonEnd: new Date(Date.parse(`${seasonStart}T00:00:00Z`) + 21 * 86_400_000)
        .toISOString()
        .slice(0, 10),
      capacity: N,
      skipsPerSeason: 2,
      fulfilment: { kind: "pickup", pickupPointId: point.id },
      payment: ["weekly"],
    },
    new Date(),
  );

  const t0setup = performance.now();
  await db.user.createMany({
    data: Array.from({ length: N }, (_, i) => ({
      email: `member${i}@bench.test`,
      fullName: `Member ${i}`,
      passwordHash: "x",
      userType: "user" as const,
    })),
  });
  const members = await db.user.findMany({
    where: { userType: "user" },
    omit: { passwordHash: true },
    orderBy: { id: "asc" },
  });
  for (const [i, m] of members.entries()) {
    await inTransaction(async (tx) => {
      await ensureWallet(tx, m.id);
      await applyBalanceChange(tx, m.id, 10_000, {
        type: "top_up",
        description: "Bench top-up",
        reference: `BENCH-${m.id}`,
      });
    });
    await joinShare(m, plan.id, { payment: "weekly" }, `bench-join-${m.id}`, new Date());
    progress("members joined", i + 1, N);
  }
  // 3 carrots, 2 kale, 1 salad greens; garlic as the swap option. Every member's box held in stock.
  await publishBox(
    farmer,
    plan.id,
    seasonStart,
    {
      items: [
        { productId: carrots.id, quantity: 3 },
        { productId: kale.id, quantity: 2 },
        { productId: greens.id, quantity: 1 },
      ],
      swapOptions: [{ productId: garlic.id, quantity: 1 }],
    },
    new Date(),
  );
  const box = await db.shareBox.findUniqueOrThrow({
    where: { planId_localDate: { planId: plan.id, localDate: seasonStart } },
  });
  const held = await db.product
    .aggregate({ _sum: { reserved: true } })
    .then((a) => a._sum.reserved ?? 0);
  console.log(
    `${N} members joined and their box of ${seasonStart} published (${held} units held) in ${((performance.now() - t0setup) / 1000).toFixed(1)} s; cutoff ${box.dueAt.toISOString()}; ${WORKERS} workers`,
  );

  const now = new Date(box.dueAt.getTime() + 60_000);
  const t0 = performance.now();
  const rounds = await Promise.all(Array.from({ length: WORKERS }, () => placeDueBoxes(now)));
  const seconds = (performance.now() - t0) / 1000;
  const outcomes = rounds.flat();

  const [choices, orders, buyers, boxOrders, stock, offLedger, closed] = await Promise.all([
    db.shareBoxChoice.findMany({
      where: { localDate: seasonStart },
      select: { membershipId: true, status: true, orderId: true },
    }),
    db.order.count({ where: { farmId: farm.id } }),
    db.order
      .groupBy({ by: ["userId"], where: { farmId: farm.id }, _count: true })
      .then((g) => g.filter((r) => r._count === 1).length),
    db.orderFulfilment.count({ where: { farmId: farm.id, localDate: seasonStart } }),
    db.product.findMany({
      where: { farmId: farm.id },
      select: { id: true, stock: true, reserved: true },
    }),
    db.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM "Wallet" w
      WHERE w."balanceCents" <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0)`.then(
      (r) => r[0].n,
    ),
    db.shareBox.findUniqueOrThrow({ where: { id: box.id } }).then((b) => b.placedAt !== null),
  ]);
  const sold = await db.orderItem.groupBy({
    by: ["productId"],
    where: { order: { farmId: farm.id } },
    _sum: { quantity: true },
  });
  const soldOf = new Map(sold.map((s) => [s.productId, s._sum.quantity ?? 0]));
  const placed = choices.filter((c) => c.status === "placed" && c.orderId !== null);
  const placedOrders = new Set(placed.map((c) => c.orderId)).size;
  const handled = new Set(outcomes.map((o) => o.membershipId)).size;
  const negativeStock = stock.filter((p) => p.stock < 0 || p.reserved < 0).length;
  const stockOff = stock.filter((p) => p.stock !== STOCK - (soldOf.get(p.id) ?? 0)).length;
  const stillHeld = stock.reduce((sum, p) => sum + p.reserved, 0);
  const exactlyOnce =
    outcomes.length === N &&
    handled === N &&
    outcomes.every((o) => o.status === "placed") &&
    choices.length === N &&
    placed.length === N &&
    placedOrders === N &&
    orders === N &&
    buyers === N &&
    boxOrders === N &&
    negativeStock === 0 &&
    stockOff === 0 &&
    stillHeld === 0 &&
    offLedger === 0 &&
    closed;
  const perSecond = N / seconds;
  const met = exactlyOnce && seconds <= GOAL_SECONDS;
  console.log(
    `placed ${placed.length} boxes in ${seconds.toFixed(2)} s: ${perSecond.toFixed(1)}/s (goal ≤ ${GOAL_SECONDS} s: ${met ? "met" : "NOT met"}); orders ${orders} (${boxOrders} for ${seasonStart}), members with one order ${buyers}, outcomes ${outcomes.length} (${handled} members), products with negative stock ${negativeStock}, stock off the orders ${stockOff}, units still held ${stillHeld}, wallets off their ledger ${offLedger}, box closed ${closed}; exactly once: ${exactlyOnce}`,
  );
  writeVerdict("shares", exactlyOnce, {
    database: "postgresql",
    members: N,
    workers: WORKERS,
    localDate: seasonStart,
    seconds,
    perSecond,
    outcomes: outcomes.length,
    placed: placed.length,
    orders,
    membersWithOneOrder: buyers,
    productsWithNegativeStock: negativeStock,
    productsStockOffOrders: stockOff,
    unitsStillHeld: stillHeld,
    walletsOffLedger: offLedger,
    boxClosed: closed,
    exactlyOnce,
    goalSeconds: GOAL_SECONDS,
    met,
  });
} finally {
  await closeDb();
  await database.drop();
}
