/**
 * Catalog bench: p50/p95 latency and requests/s of GET /api/products/featured,
 * GET /api/products/search?q=apple and the server-rendered /home (signed in as the demo shopper),
 * with ~1,000 products and with ~100,000: two databases, a real production server on each
 * (scripts/serve.ts on a `next build`, spawned as a child process), driven by autocannon. Each
 * endpoint is measured in BENCH_ROUNDS slices (default 3) on both servers alternately, so the two
 * sizes share the machine's drift instead of each having a minute of its own (a cached read once
 * came out 1.6x slower at 100,000 products in one run and 0.6x in the next). In the
 * same run a bare node:http server answers the same bytes, so the table also shows what the
 * framework + database cost over the network floor. Prints a table, writes bench/out/catalog.json.
 *
 *   node --import tsx bench/catalog.ts
 * Env: BENCH_DATABASE_URL / DATABASE_URL (postgres://…; default postgres://postgres@127.0.0.1:5432/postgres;
 *      without a reachable PostgreSQL a fresh PGlite folder under .data/ is used),
 *      FF_CATALOG_DIST_DIR (build folder, default .next-shell; built when missing),
 *      BENCH_SECONDS (per endpoint and size, in all its slices, default 6), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10),
 *      BENCH_SMALL / BENCH_LARGE (scale products, default 1000 / 100000).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { ensureBuild, freePort, startInstance } from "../tests/messages/support/app-instance";
import { freshPostgres, summarize, writeResult } from "./support";

// autocannon ships no type declarations: describe the part used here.
type Instance = Promise<{
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}> & {
  on(
    event: "response",
    cb: (client: unknown, status: number, bytes: number, responseTime: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Instance;

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SMALL = Number(process.env.BENCH_SMALL ?? 1000);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const DIST_DIR = process.env.FF_CATALOG_DIST_DIR ?? ".next-shell";
const AUTH_SECRET = process.env.AUTH_SECRET ?? `bench-${crypto.randomBytes(24).toString("hex")}`;
const DEMO = { username: "demo@fieldfare.app", password: "harvest-demo-2026" };

const TARGETS = [
  { name: "featured", path: "/api/products/featured", auth: false },
  { name: "search", path: "/api/products/search?q=apple", auth: false },
  { name: "home", path: "/home", auth: true },
] as const;
type TargetName = (typeof TARGETS)[number]["name"];
type Measure = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};
type Slice = { samples: number[]; seconds: number; non2xx: number; errors: number };

/** Runs a child step (migrate, seed, ANALYZE) with the bench database; nothing else holds it meanwhile. */
function step(args: string[], databaseUrl: string) {
  execFileSync(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl, AUTH_SECRET, NODE_ENV: "production" },
  });
}
const tsx = (file: string, ...rest: string[]) => [
  "--import",
  "tsx",
  "--conditions=react-server",
  file,
  ...rest,
];

function seedTo(products: number, databaseUrl: string) {
  const t = Date.now();
  step(
    tsx("prisma/seed/scale-cli.ts", "--products", String(products), "--batch", "2000"),
    databaseUrl,
  );
  // Fresh statistics, as autovacuum would have them on a live database (PGlite has no autovacuum).
  step(
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      "-e",
      'const { db, closeDb } = await import("./lib/server/platform/db.ts"); await db.$executeRawUnsafe("VACUUM ANALYZE"); await closeDb();',
    ],
    databaseUrl,
  );
  console.log(
    `catalog: ${products.toLocaleString("en-US")} scale products ready in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}

async function slice(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Slice> {
  const samples: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  instance.on("response", (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  const result = await instance;
  return { samples, seconds, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/** Slices of one endpoint on one server measured as one: requests per second over all, latency over every answer. */
function combine(slices: Slice[]): Measure {
  const samples = slices.flatMap((x) => x.samples);
  const seconds = slices.reduce((n, x) => n + x.seconds, 0);
  const s = summarize(samples);
  const total = (pick: (x: Slice) => number) => slices.reduce((n, x) => n + pick(x), 0);
  return {
    rps: samples.length / seconds,
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    requests: samples.length,
    non2xx: total((x) => x.non2xx),
    errors: total((x) => x.errors),
  };
}

async function measure(
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<Measure> {
  return combine([await slice(url, headers, seconds)]);
}

type Size = { label: string; url: string; cookie: string };

/** A server on a database of one size, signed in as the demo shopper. */
async function serve(label: string, databaseUrl: string) {
  const app = await startInstance({
    databaseUrl,
    authSecret: AUTH_SECRET,
    distDir: DIST_DIR,
    env: { DATABASE_POOL_SIZE: String(CONNECTIONS) },
  });
  const login = await fetch(`${app.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO),
  });
  if (login.status !== 200) {
    await app.stop();
    throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  }
  return {
    app,
    size: { label, url: app.url, cookie: (login.headers.get("set-cookie") ?? "").split(";")[0] },
  };
}

/**
 * Every endpoint on both sizes: warmed up (JIT, caches, connection pool), then ROUNDS slices on
 * each server alternately. Also keeps the large catalog's answers for the node:http floor.
 */
async function compare(small: Size, large: Size) {
  const results = {
    small: {} as Record<TargetName, Measure>,
    large: {} as Record<TargetName, Measure>,
  };
  const bodies = {} as Record<TargetName, { type: string; body: Buffer }>;
  for (const t of TARGETS) {
    const headers = (size: Size): Record<string, string> => (t.auth ? { cookie: size.cookie } : {});
    for (const size of [small, large]) {
      const res = await fetch(size.url + t.path, { headers: headers(size) });
      if (res.status !== 200) throw new Error(`${size.label} ${t.path} answered ${res.status}`);
      if (size === large)
        bodies[t.name] = {
          type: res.headers.get("content-type") ?? "application/json",
          body: Buffer.from(await res.arrayBuffer()),
        };
      else await res.arrayBuffer();
      await slice(size.url + t.path, headers(size), 2);
    }
    const slices = { small: [] as Slice[], large: [] as Slice[] };
    for (let i = 0; i < ROUNDS; i++) {
      slices.small.push(await slice(small.url + t.path, headers(small), SECONDS / ROUNDS));
      slices.large.push(await slice(large.url + t.path, headers(large), SECONDS / ROUNDS));
    }
    for (const [key, size] of [
      ["small", small],
      ["large", large],
    ] as const) {
      const r = (results[key][t.name] = combine(slices[key]));
      console.log(
        `${size.label} ${t.name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  (${r.non2xx} non-2xx, ${r.errors} errors)`,
      );
    }
  }
  return { results, bodies };
}

/** The network floor: node:http answering the exact bytes the app produced. */
async function bare(bodies: Record<TargetName, { type: string; body: Buffer }>) {
  const byPath = new Map<string, { type: string; body: Buffer }>(
    TARGETS.map((t) => [t.path, bodies[t.name]]),
  );
  const server = http.createServer((req, res) => {
    const b = byPath.get(req.url ?? "");
    if (!b) return void res.writeHead(404).end();
    res.writeHead(200, {
      "content-type": b.type,
      "content-length": b.body.length,
      "cache-control": "no-store",
    });
    res.end(b.body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const results = {} as Record<TargetName, Measure>;
  try {
    for (const t of TARGETS) {
      await measure(`http://127.0.0.1:${port}${t.path}`, {}, 1);
      results[t.name] = await measure(`http://127.0.0.1:${port}${t.path}`, {});
      console.log(
        `bare ${t.name.padEnd(8)} ${results[t.name].rps.toFixed(0).padStart(6)} req/s  p50 ${results[t.name].p50} ms  p95 ${results[t.name].p95} ms`,
      );
    }
  } finally {
    server.close();
  }
  return results;
}

const started = Date.now();
/** A fresh database (PostgreSQL, else a PGlite folder), migrated, seeded and grown to `products`. */
async function database(prefix: string, products: number) {
  const pgDb = await freshPostgres(prefix);
  const dir = pgDb
    ? null
    : path.resolve(root, ".data", `bench-${prefix}-${Date.now().toString(36)}`);
  const url = pgDb?.url ?? `pglite:${dir}`;
  const drop = async () => {
    await pgDb?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    step(["node_modules/prisma/build/index.js", "migrate", "deploy"], url);
    step(tsx("prisma/seed/cli.ts"), url);
    seedTo(products, url);
  } catch (e) {
    await drop();
    throw e;
  }
  return { url, postgres: pgDb !== null, drop };
}

const databases: Awaited<ReturnType<typeof database>>[] = [];
const servers: Awaited<ReturnType<typeof serve>>["app"][] = [];
try {
  ensureBuild(DIST_DIR);
  databases.push(await database("ff_bench_catalog_small", SMALL));
  databases.push(await database("ff_bench_catalog_large", LARGE));
  const [smallDb, largeDb] = databases;
  console.log(
    `catalog bench on ${smallDb.postgres ? "PostgreSQL" : "PGlite"}; build ${DIST_DIR}; ${CONNECTIONS} connections, ${SECONDS} s per endpoint and size in ${ROUNDS} alternating slices`,
  );
  const small = await serve(`${SMALL / 1000}k`, smallDb.url);
  servers.push(small.app);
  const large = await serve(`${LARGE / 1000}k`, largeDb.url);
  servers.push(large.app);
  const measured = await compare(small.size, large.size);
  for (const app of servers.splice(0)) await app.stop();
  const floor = await bare(measured.bodies);

  const rows = TARGETS.map((t) => {
    const s = measured.results.small[t.name];
    const l = measured.results.large[t.name];
    const b = floor[t.name];
    return {
      endpoint: t.path,
      small: s,
      large: l,
      bare: b,
      // > 1 means slower at 100k; the goal is ≤ 1.5 (cost does not grow with the catalog).
      p50Ratio: +(l.p50 / s.p50).toFixed(2),
      rpsRatio: +(s.rps / l.rps).toFixed(2),
      // How many times slower than node:http answering the same bytes.
      vsBareP50: +(l.p50 / Math.max(b.p50, 0.5)).toFixed(1),
      vsBareRps: +(b.rps / l.rps).toFixed(1),
    };
  });
  console.log("");
  console.table(
    rows.map((r) => ({
      endpoint: r.endpoint,
      [`${SMALL / 1000}k req/s`]: Math.round(r.small.rps),
      [`${SMALL / 1000}k p50/p95 ms`]: `${r.small.p50}/${r.small.p95}`,
      [`${LARGE / 1000}k req/s`]: Math.round(r.large.rps),
      [`${LARGE / 1000}k p50/p95 ms`]: `${r.large.p50}/${r.large.p95}`,
      "p50 100k/1k": r.p50Ratio,
      "req/s 1k/100k": r.rpsRatio,
      "bare req/s": Math.round(r.bare.rps),
      "bare p50/p95 ms": `${r.bare.p50}/${r.bare.p95}`,
      "x bare (req/s)": r.vsBareRps,
    })),
  );
  writeResult("catalog", {
    database: smallDb.postgres ? "postgres" : "pglite",
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    products: { small: SMALL, large: LARGE },
    rows,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  });
} finally {
  for (const app of servers) await app.stop();
  for (const d of databases) await d.drop();
}
