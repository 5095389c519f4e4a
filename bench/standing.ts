/**
 * Standing-order worker throughput: 1,000 standing orders of 1,000 restaurants, all due at the same
 * moment, placed by WORKERS concurrent workers (the same placeDueStandingOrders loop the app and
 * `npm run worker` run, FOR UPDATE SKIP LOCKED) on a fresh PostgreSQL database. Reports occurrences
 * placed per second and checks exactly once: one occurrence and one order per standing order, one
 * place per order in the slot, and every wallet equal to the sum of its ledger.
 * Run: node --import tsx --conditions=react-server bench/standing.ts
 * Env: BENCH_STANDING (default 1000), BENCH_WORKERS (default 4).
 */
import { createBenchFarm, migratedPostgres, writeVerdict } from "./support";

const N = Number(process.env.BENCH_STANDING ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const database = await migratedPostgres("ff_bench_standing", "bench/standing.ts");

const { db, closeDb } = await import("@/lib/server/platform/db");
const { inTransaction } = await import("@/lib/server/platform/transaction");
const { applyBalanceChange } = await import("@/lib/server/wallet/ledger");
const { ensureWallet } = await import("@/lib/server/wallet/ensure-wallet");
const { dueAt, findWindow, firstDate } = await import("@/lib/server/standing/schedule");
const { placeDueStandingOrders } = await import("@/lib/server/standing/worker");

try {
  const { farm, product } = await createBenchFarm(db, 1_000_000);
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
  const nextDate = firstDate(window, new Date());
  const nextDueAt = dueAt(window, nextDate, window.farm.timeZone);

  await db.user.createMany({
    data: Array.from({ length: N }, (_, i) => ({
      email: `chef${i}@bench.test`,
      fullName: `Chef ${i}`,
      passwordHash: "x",
      userType: "restaurant" as const,
    })),
  });
  const chefs = await db.user.findMany({
    where: { userType: "restaurant" },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (const chef of chefs) {
    await inTransaction(async (tx) => {
      await ensureWallet(tx, chef.id);
      await applyBalanceChange(tx, chef.id, 10_000, {
        type: "top_up",
        description: "Bench top-up",
        reference: `BENCH-${chef.id}`,
      });
    });
  }
  await db.standingOrder.createMany({
    data: chefs.map((chef) => ({
      userId: chef.id,
      farmId: farm.id,
      items: [{ productId: product.id, quantity: 2 }],
      weekday: 6,
      kind: "pickup" as const,
      pickupPointId: point.id,
      nextDate,
      nextDueAt,
    })),
  });
  console.log(`${N} standing orders due at ${nextDueAt.toISOString()}; ${WORKERS} workers`);

  const now = new Date(nextDueAt.getTime() + 60_000);
  const t0 = performance.now();
  const rounds = await Promise.all(
    Array.from({ length: WORKERS }, () => placeDueStandingOrders(now)),
  );
  const seconds = (performance.now() - t0) / 1000;
  const outcomes = rounds.flat();

  const [occurrences, orders, distinct, booked, offLedger] = await Promise.all([
    db.standingOrderOccurrence.count({ where: { status: "placed" } }),
    db.order.count(),
    db.standingOrderOccurrence
      .groupBy({ by: ["standingOrderId"], _count: true })
      .then((g) => g.filter((r) => r._count === 1).length),
    db.fulfilmentSlot.aggregate({ _sum: { booked: true } }).then((a) => a._sum.booked ?? 0),
    db.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM "Wallet" w
      WHERE w."balanceCents" <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0)`.then(
      (r) => r[0].n,
    ),
  ]);
  const exactlyOnce =
    occurrences === N &&
    orders === N &&
    distinct === N &&
    booked === N &&
    outcomes.length === N &&
    offLedger === 0;
  const perSecond = N / seconds;
  console.log(
    `placed ${occurrences} occurrences in ${seconds.toFixed(2)} s: ${perSecond.toFixed(1)}/s; orders ${orders}, slot places ${booked}, wallets off their ledger ${offLedger}; exactly once: ${exactlyOnce}`,
  );
  writeVerdict("standing", exactlyOnce, {
    database: "postgresql",
    standingOrders: N,
    workers: WORKERS,
    seconds,
    perSecond,
    occurrences,
    orders,
    slotPlaces: booked,
    walletsOffLedger: offLedger,
    exactlyOnce,
  });
} finally {
  await closeDb();
  await database.drop();
}
