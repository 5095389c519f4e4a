/**
 * Wallet bench: top-ups/s and checkouts/s at concurrency 20 through the real HTTP API of a
 * production server (scripts/serve.ts on a `next build`) on a fresh PostgreSQL database, driven by
 * autocannon. Every request carries its own Idempotency-Key (the real client path). Afterwards it
 * checks, with plain SQL, that every wallet's balance equals the sum of its ledger, that no
 * balance or stock is negative, and that each 2xx top-up/checkout left exactly its ledger rows.
 * Each scenario is measured on a warm server: a short run of every scenario first (WARMUP_SECONDS,
 * default 2 each, not counted) loads the routes' code and fills the pools, which otherwise cost
 * the first scenario its first second (p99 over 1 s). Prints the figures and writes
 * bench/out/wallet.json.
 *
 * WALLET_PROFILE=1 also shows where the time goes (bench/JOURNAL.md): the statements PostgreSQL
 * logs for 10 sequential requests of each scenario (on an instance of their own, before the load),
 * and a CPU profile of the server under each scenario's load (`node --cpu-prof`, summed by package
 * and function as bench/profile.ts does), written to bench/out/wallet-profile.json.
 *
 *   node --import tsx bench/wallet.ts
 * Env: BENCH_DATABASE_URL / DATABASE_URL (postgres://, default postgres://postgres@127.0.0.1:5432/postgres),
 *      FF_WALLET_DIST_DIR (build folder, default .next-money; built when missing),
 *      BENCH_SECONDS (per scenario, default 10), BENCH_CONNECTIONS (default 20).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { createRequire } from "node:module";
import pg from "pg";
import { ensureBuild, startInstance } from "../tests/messages/support/app-instance";
import fs from "node:fs";
import os from "node:os";
import { canReadLog, printSummary, statementsPerRequest, summarizeLoads } from "./cpu-profile";
import { freshPostgres, rerunUnderReactServer, writeResult, writeVerdict } from "./support";

// autocannon ships no type declarations; this is the slice of its API used here.
type RequestParams = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
};
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (opts: {
  url: string;
  method: string;
  connections: number;
  duration: number;
  requests: {
    setupRequest: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
  }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DIST_DIR = process.env.FF_WALLET_DIST_DIR ?? ".next-money";
const AUTH_SECRET = process.env.AUTH_SECRET ?? `bench-${crypto.randomBytes(24).toString("hex")}`;
const PROFILE = process.env.WALLET_PROFILE === "1";
const SEQUENTIAL = 10;
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 2);

rerunUnderReactServer({ AUTH_SECRET });

type Prepared = {
  users: { id: number; cookie: string }[];
  hotUser: { id: number; cookie: string };
  productIds: number[];
};

/** Users, sessions, farms and products written before the server starts (the real domain functions fund the wallets). */
async function prepare(databaseUrl: string): Promise<Prepared> {
  process.env.DATABASE_URL = databaseUrl;
  const { db, closeDb } = await import("@/lib/server/platform/db");
  const { hashPassword } = await import("@/lib/server/auth/password");
  const { createSession } = await import("@/lib/server/auth/session");
  const { topUp } = await import("@/lib/server/wallet/top-up");
  const passwordHash = await hashPassword(crypto.randomBytes(12).toString("hex"));
  const tag = Date.now().toString(36);
  const mk = (i: number | string) => ({
    fullName: `Bench ${i}`,
    email: `bench-${tag}-${i}@example.test`,
    passwordHash,
  });

  await db.user.createMany({
    data: [
      ...Array.from({ length: CONNECTIONS }, (_, i) => mk(i)),
      mk("hot"),
      ...[0, 1, 2].map((i) => ({ ...mk(`farmer${i}`), userType: "farmer" as const })),
    ],
  });
  const all = await db.user.findMany({
    where: { email: { startsWith: `bench-${tag}-` } },
    orderBy: { id: "asc" },
  });
  const farmers = all.filter((u) => u.userType === "farmer");
  const shoppers = all.filter((u) => u.userType !== "farmer");
  const productIds: number[] = [];
  for (const [i, f] of farmers.entries()) {
    const farm = await db.farm.create({
      data: { userId: f.id, farmName: `Bench Farm ${i}`, location: "Kelowna, BC", distance: 2 + i },
    });
    for (let j = 0; j < 4; j++) {
      const p = await db.product.create({
        data: {
          farmId: farm.id,
          name: `Bench produce ${i}-${j}`,
          priceCents: 199 + 50 * j,
          unit: "lb",
          stock: 10_000_000,
        },
      });
      productIds.push(p.id);
    }
  }
  const withCookies = [];
  for (const u of shoppers) {
    const s = await createSession(u.id, false, "bench");
    // Enough money that checkouts are never refused for balance: the bench measures the happy path.
    for (let k = 0; k < 50; k++) await topUp(u.id, { amount: 10_000 });
    withCookies.push({ id: u.id, email: u.email, cookie: `${s.name}=${s.value}` });
  }
  await closeDb();
  const hot = withCookies.find((u) => u.email.includes("-hot@"))!;
  return { users: withCookies.filter((u) => u !== hot), hotUser: hot, productIds };
}

type Scenario = {
  name: string;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
};

type Load = {
  name: string;
  path: string;
  body: (i: number) => unknown;
  cookieFor: (conn: number) => string;
};

/** Statements per request of each scenario, from PostgreSQL's log (log_statement = all on this database only). */
async function countStatements(base: string, loads: Load[]) {
  const out: Record<string, { perRequest: number; sample: string[] }> = {};
  for (const load of loads) {
    const send = (n: number) =>
      fetch(base + load.path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: load.cookieFor(0),
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify(load.body(n)),
      }).then(async (r) => {
        if (r.status >= 300)
          throw new Error(`${load.name} answered ${r.status}: ${await r.text()}`);
      });
    await send(0);
    out[load.name] = await statementsPerRequest(SEQUENTIAL, (i) => send(i + 1));
    console.log(`${load.name}: ${out[load.name].perRequest} statements/request`);
    for (const q of out[load.name].sample.slice(0, 20)) console.log(`  q ${q}`);
  }
  return out;
}

/** When each scenario's load ran (performance.now()), to cut its samples out of the CPU profile. */
const windows = new Map<string, { startedAt: number; endedAt: number }>();

function drive(base: string, load: Load, seconds: number) {
  const { body, cookieFor } = load;
  let nextConn = 0;
  return autocannon({
    url: base + load.path,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          // autocannon keeps one context per connection: pin each connection to one shopper.
          if (context.conn === undefined) context.conn = nextConn++;
          const n = ((context.n as number | undefined) ?? 0) + 1;
          context.n = n;
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              cookie: cookieFor(context.conn as number),
              "idempotency-key": crypto.randomUUID(),
            },
            body: JSON.stringify(body(n)),
          };
        },
      },
    ],
  });
}

async function run(base: string, load: Load): Promise<Scenario> {
  const { name } = load;
  const startedAt = performance.now();
  const result = await drive(base, load, SECONDS);
  const s: Scenario = {
    name,
    rps: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `${name}: ${s.rps.toFixed(1)} req/s, p50 ${s.latencyP50} ms, p99 ${s.latencyP99} ms, ${s.ok} ok, ${s.non2xx} non-2xx, ${s.errors} errors`,
  );
  windows.set(name, { startedAt, endedAt: performance.now() });
  return s;
}

/** The invariants once two reads 200 ms apart agree: no request is still writing rows. */
async function settled(databaseUrl: string) {
  let last = await invariants(databaseUrl);
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await invariants(databaseUrl);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}

async function invariants(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const q = async (sql: string) => (await c.query(sql)).rows;
    const [mismatch] = await q(`
      SELECT count(*)::int AS n FROM "Wallet" w
      WHERE w."balanceCents" <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0)`);
    const [orphans] = await q(
      `SELECT count(*)::int AS n FROM "Transaction" t WHERE NOT EXISTS (SELECT 1 FROM "Wallet" w WHERE w."userId" = t."userId")`,
    );
    const [negative] = await q(
      `SELECT (SELECT count(*) FROM "Wallet" WHERE "balanceCents" < 0)::int + (SELECT count(*) FROM "Product" WHERE "stock" < 0)::int AS n`,
    );
    const [counts] = await q(`
      SELECT (SELECT count(*) FROM "Transaction" WHERE "type" = 'top-up')::int AS "topUps",
             (SELECT count(*) FROM "Transaction" WHERE "type" = 'order')::int AS "orderRows",
             (SELECT count(*) FROM "Order")::int AS "orders",
             (SELECT count(DISTINCT "checkoutRef") FROM "Order")::int AS "checkouts",
             (SELECT COALESCE(SUM(oi."quantity"), 0) FROM "OrderItem" oi)::int AS "unitsSold",
             (SELECT SUM(10000000 - "stock") FROM "Product")::int AS "unitsTaken",
             (SELECT count(*) FROM "IdempotencyKey" WHERE "scope" = 'wallet.topup')::int AS "topUpKeys",
             (SELECT count(*) FROM "IdempotencyKey" WHERE "scope" = 'orders.checkout')::int AS "checkoutKeys"`);
    return {
      walletsOutOfBalance: mismatch.n,
      ledgerRowsWithoutWallet: orphans.n,
      negativeBalancesOrStock: negative.n,
      ...counts,
    };
  } finally {
    await c.end();
  }
}

const database = await freshPostgres("ff_bench_wallet");
if (!database) {
  console.error(
    "bench/wallet.ts needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL=postgres://…)",
  );
  process.exit(1);
}
let stop = async () => {};
try {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, stdio: "pipe" },
  );
  const prepared = await prepare(database.url);
  ensureBuild(DIST_DIR);
  const cookie = (conn: number) => prepared.users[conn % prepared.users.length].cookie;
  const ids = prepared.productIds;
  const loads: Load[] = [
    {
      name: "top-ups (20 wallets)",
      path: "/api/transactions/topup",
      body: (n) => ({ amount: 1 + (n % 100) / 100 }),
      cookieFor: cookie,
    },
    {
      name: "top-ups (one hot wallet)",
      path: "/api/transactions/topup",
      body: () => ({ amount: 0.5 }),
      cookieFor: () => prepared.hotUser.cookie,
    },
    {
      name: "checkouts (2 farms, 3 lines)",
      path: "/api/orders",
      body: (n) => ({
        items: [
          { productId: ids[n % ids.length], quantity: 1 },
          { productId: ids[(n + 5) % ids.length], quantity: 2 },
          { productId: ids[(n + 7) % ids.length], quantity: 1 },
        ],
      }),
      cookieFor: cookie,
    },
  ];
  const common = {
    databaseUrl: database.url,
    authSecret: AUTH_SECRET,
    distDir: DIST_DIR,
    env: { DATABASE_POOL_SIZE: String(CONNECTIONS) },
  };

  let queries: Awaited<ReturnType<typeof countStatements>> | null = null;
  if (PROFILE && canReadLog) {
    // An instance of its own: its pool's connections log every statement, the loaded one's do not.
    const dbName = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`ALTER DATABASE "${dbName}" SET log_statement = 'all'`);
    const counting = await startInstance(common);
    try {
      queries = await countStatements(counting.url, loads);
    } finally {
      await counting.stop();
      await admin.query(`ALTER DATABASE "${dbName}" RESET log_statement`);
      await admin.end();
    }
  }

  const profDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), "ff-wallet-profile-")) : null;
  const app = await startInstance({
    ...common,
    nodeArgs: profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [],
  });
  stop = app.stop;
  console.log(
    `server ${app.url} (build ${DIST_DIR}), ${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP_SECONDS} s of each to warm up`,
  );
  if (WARMUP_SECONDS > 0) for (const load of loads) await drive(app.url, load, WARMUP_SECONDS);
  // After the counted and the warm-up requests, once the server has finished the ones autocannon
  // stopped waiting for: the checks below compare the load's 2xx with the rows it added.
  const before = await settled(database.url);

  const [topUps, hot, checkouts] = [
    await run(app.url, loads[0]),
    await run(app.url, loads[1]),
    await run(app.url, loads[2]),
  ];
  await app.stop();
  const stoppedAt = performance.now();

  if (profDir) {
    const ran = [topUps, hot, checkouts];
    const summaries = summarizeLoads(
      profDir,
      stoppedAt,
      ran.map((sc) => windows.get(sc.name)!),
    );
    const scenarios = ran.map((sc, i) => {
      const summary = summaries[i];
      const cpuMsPerRequest =
        summary && sc.requests ? Math.round((100 * summary.busyMs) / sc.requests) / 100 : null;
      console.log(
        `\n=== ${sc.name}: ${sc.rps.toFixed(1)} req/s, ${queries?.[sc.name]?.perRequest ?? "?"} statements/request, ${cpuMsPerRequest ?? "?"} ms CPU/request`,
      );
      if (summary) printSummary(summary, 12);
      return {
        name: sc.name,
        rps: sc.rps,
        cpuMsPerRequest,
        queries: queries?.[sc.name] ?? null,
        profile: summary,
      };
    });
    writeResult("wallet-profile", { connections: CONNECTIONS, seconds: SECONDS, scenarios });
    console.log(`profile kept in ${profDir}`);
  }

  const after = await invariants(database.url);
  const topUpRowsAdded = after.topUps - before.topUps;
  // Requests still in flight when autocannon stops are not counted as 2xx by it, yet the server
  // finishes them: so the ledger may hold up to one extra row per connection and scenario. The
  // exact check is per key: every executed request stored exactly one key and one ledger entry.
  const inFlight = (ok2xx: number, rows: number, scenarios: number) =>
    rows >= ok2xx && rows - ok2xx <= CONNECTIONS * scenarios;
  const checks = {
    ...after,
    topUpRowsAdded,
    // Keys only come from requests over HTTP (the funding top-ups have none), the counted ones included.
    oneTopUpRowPerKey: topUpRowsAdded === after.topUpKeys - before.topUpKeys,
    oneCheckoutPerKey: after.checkouts === after.checkoutKeys,
    topUpRowsMatch2xx: inFlight(topUps.ok + hot.ok, topUpRowsAdded, 2),
    checkoutsMatch2xx: inFlight(checkouts.ok, after.checkouts - before.checkouts, 1),
    unitsMatch: after.unitsSold === after.unitsTaken,
  };
  const ok =
    checks.walletsOutOfBalance === 0 &&
    checks.ledgerRowsWithoutWallet === 0 &&
    checks.negativeBalancesOrStock === 0 &&
    checks.oneTopUpRowPerKey &&
    checks.oneCheckoutPerKey &&
    checks.topUpRowsMatch2xx &&
    checks.checkoutsMatch2xx &&
    checks.unitsMatch;
  console.log(`invariants: ${ok ? "OK" : "VIOLATED"}`, checks);
  writeVerdict("wallet", ok, {
    database: "postgres",
    connections: CONNECTIONS,
    seconds: SECONDS,
    scenarios: [topUps, hot, checkouts],
    invariants: checks,
    ok,
  });
} finally {
  await stop();
  await database.drop();
}
