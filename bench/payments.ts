/**
 * Payments bench (docs/money.md) on a fresh PostgreSQL database, in-process against the real route
 * handler and worker, with the official `stripe` library talking to the local emulator:
 * 1. webhook deliveries credited per second on ONE wallet: BENCH_TOPUPS distinct paid Checkout
 *    Sessions, each event delivered twice (a replay), at concurrency BENCH_CONCURRENCY; checks one
 *    credit per top-up (0 double credits) and the wallet = Σ its ledger. Goal ≥ 300/s.
 * 2. a payout run for BENCH_FARMS farms (default 1,000) by two racing workers; checks one payout per
 *    farm and every farm balance = Σ its ledger. Goal ≤ 10 s.
 * Run: node --import tsx --conditions=react-server bench/payments.ts
 */
import { migratedPostgres, writeVerdict } from "./support";
import { startStripeEmulator } from "../tests/support/stripe-emulator";

const TOPUPS = Number(process.env.BENCH_TOPUPS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const FARMS = Number(process.env.BENCH_FARMS ?? 1000);
const database = await migratedPostgres("ff_bench_payments", "bench/payments.ts");
const emulator = await startStripeEmulator();
process.env.STRIPE_SECRET_KEY = emulator.secretKey;
process.env.STRIPE_WEBHOOK_SECRET = emulator.webhookSecret;
process.env.STRIPE_API_URL = emulator.url;
process.env.NOTIFICATIONS_WORKER = "off";

const { db, closeDb } = await import("@/lib/server/platform/db");
const { POST: webhook } = await import("@/app/api/webhooks/stripe/route");
const { nextPayoutAt, runPayouts } = await import("@/lib/server/payments/payouts");
const { paymentProvider } = await import("@/lib/server/payments/provider");

async function pool<T>(items: T[], n: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

try {
  // 1. Webhooks on one wallet.
  const buyer = await db.user.create({
    data: { email: "buyer@bench.test", fullName: "Bench Buyer", passwordHash: "x" },
  });
  const sessions: string[] = [];
  for (let i = 0; i < TOPUPS; i++) {
    const t = await db.topUp.create({ data: { userId: buyer.id, amountCents: 100 + (i % 7) } });
    const provider = paymentProvider();
    if (provider.name !== "stripe") throw new Error("the bench runs the stripe provider");
    const { url } = await provider.createCheckout({
      topUpId: t.id,
      userId: buyer.id,
      amountCents: t.amountCents,
      currency: "usd",
      successUrl: "http://localhost/wallet",
      cancelUrl: "http://localhost/wallet",
    });
    const sessionId = url.split("/").pop()!;
    await db.topUp.update({ where: { id: t.id }, data: { sessionId } });
    sessions.push(sessionId);
  }
  const deliveries = sessions.flatMap((id) => {
    const e = emulator.pay(id);
    return [e, e];
  });
  let failed = 0;
  const started = performance.now();
  await pool(deliveries, CONCURRENCY, async (e) => {
    const res = await webhook(
      new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": e.signature },
        body: e.payload,
      }),
    );
    if (res.status !== 200) failed++;
  });
  const webhookSeconds = (performance.now() - started) / 1000;
  const [{ credits, distinct, balance, ledger }] = await db.$queryRaw<
    { credits: number; distinct: number; balance: number; ledger: number }[]
  >`
    SELECT COUNT(*)::int AS "credits", COUNT(DISTINCT t."reference")::int AS "distinct",
           (SELECT "balanceCents" FROM "Wallet" WHERE "userId" = ${buyer.id}) AS "balance",
           SUM(t."amountCents")::int AS "ledger"
    FROM "Transaction" t WHERE t."userId" = ${buyer.id}`;
  const doubleCredits = credits - distinct;
  const webhooksOk = credits === TOPUPS && doubleCredits === 0 && balance === ledger && !failed;
  const perSecond = deliveries.length / webhookSeconds;
  console.log(
    `webhooks: ${deliveries.length} deliveries (${TOPUPS} top-ups, each twice) in ${webhookSeconds.toFixed(2)} s: ${perSecond.toFixed(0)}/s; credits ${credits}, double ${doubleCredits}, failed ${failed}`,
  );

  // 2. A payout run for FARMS farms, each with one sale and one commission row, by two workers.
  await db.$executeRaw`
    INSERT INTO "User" ("email", "fullName", "passwordHash", "userType")
    SELECT 'farmer' || i || '@bench.test', 'Farmer ' || i, 'x', 'farmer' FROM generate_series(1, ${FARMS}) i`;
  await db.$executeRaw`
    INSERT INTO "Farm" ("userId", "farmName", "location")
    SELECT "id", 'Farm ' || "id", 'Kelowna' FROM "User" WHERE "userType" = 'farmer'`;
  const week = new Date(Date.now() - 10 * 86_400_000);
  await db.$executeRaw`
    INSERT INTO "FarmLedgerEntry" ("farmId", "type", "amountCents", "description", "dedupeKey", "createdAt")
    SELECT f."id", x."type"::"FarmLedgerType", x."amount", 'bench', x."type" || '-bench-' || f."id", ${week}
    FROM "Farm" f, (VALUES ('sale', 2500), ('commission', -200)) AS x("type", "amount")`;
  await db.$executeRaw`
    INSERT INTO "FarmAccount" ("farmId", "balanceCents") SELECT "id", 2300 FROM "Farm"`;
  const at = nextPayoutAt(new Date(), "America/Vancouver").minus({ weeks: 1 }).plus({ hours: 1 });
  const payStart = performance.now();
  await Promise.all([runPayouts(at.toJSDate()), runPayouts(at.toJSDate())]);
  const payoutSeconds = (performance.now() - payStart) / 1000;
  const [{ payouts, farmsPaid, offLedger }] = await db.$queryRaw<
    { payouts: number; farmsPaid: number; offLedger: number }[]
  >`
    SELECT (SELECT COUNT(*)::int FROM "Payout") AS "payouts",
           (SELECT COUNT(DISTINCT "farmId")::int FROM "Payout") AS "farmsPaid",
           (SELECT COUNT(*)::int FROM "FarmAccount" a WHERE a."balanceCents" <>
              COALESCE((SELECT SUM(e."amountCents") FROM "FarmLedgerEntry" e WHERE e."farmId" = a."farmId"), 0)) AS "offLedger"`;
  const payoutsOk = payouts === FARMS && farmsPaid === FARMS && offLedger === 0;
  console.log(
    `payouts: ${FARMS} farms by 2 workers in ${payoutSeconds.toFixed(2)} s; payouts ${payouts}, farms off their ledger ${offLedger}`,
  );
  writeVerdict("payments", webhooksOk && payoutsOk, {
    database: "postgresql",
    topUps: TOPUPS,
    deliveries: deliveries.length,
    concurrency: CONCURRENCY,
    webhookSeconds,
    webhooksPerSecond: perSecond,
    doubleCredits,
    webhooksOk,
    farms: FARMS,
    payoutSeconds,
    payouts,
    payoutsOk,
  });
} finally {
  await emulator.close();
  await closeDb();
  await database.drop();
}
