/**
 * Catalog bench: p50/p95 latency and requests/s of GET /api/products/featured,
 * GET /api/products/search?q=apple and the server-rendered /home (signed in as the demo shopper),
 * first with ~1,000 products and then with ~100,000, through a real production server
 * (scripts/serve.ts on a `next build`, spawned as a child process) driven by autocannon. In the
 * same run a bare node:http server answers the same bytes, so the table also shows what the
 * framework + database cost over the network floor. Prints a table, writes bench/out/catalog.json.
 *
 *   node --import tsx bench/catalog.ts
 * Env: BENCH_DATABASE_URL / DATABASE_URL (postgres://…; default postgres://postgres@127.0.0.1:5432/postgres;
 *      without a reachable PostgreSQL a fresh PGlite folder under .data/ is used),
 *      FF_CATALOG_DIST_DIR (build folder, default .next-shell; built when missing),
 *      BENCH_SECONDS (per measurement, default 6), BENCH_CONNECTIONS (default 10),
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
type Instance = Promise<{ requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number }> & {
  on(event: "response", cb: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Instance;

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
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
type Measure = { rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

/** Runs a child step (migrate, seed, ANALYZE) with the bench database; nothing else holds it meanwhile. */
function step(args: string[], databaseUrl: string) {
  execFileSync(process.execPath, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DATABASE_URL: databaseUrl, AUTH_SECRET, NODE_ENV: "production" } });
}
const tsx = (file: string, ...rest: string[]) => ["--import", "tsx", "--conditions=react-server", file, ...rest];

function seedTo(products: number, databaseUrl: string) {
  const t = Date.now();
  step(tsx("prisma/seed-scale.ts", "--products", String(products), "--batch", "2000"), databaseUrl);
  // Fresh statistics, as autovacuum would have them on a live database (PGlite has no autovacuum).
  step(["--import", "tsx", "--conditions=react-server", "-e", 'const { db, closeDb } = await import("./lib/server/db.ts"); await db.$executeRawUnsafe("VACUUM ANALYZE"); await closeDb();'], databaseUrl);
  console.log(`catalog: ${products.toLocaleString("en-US")} scale products ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function measure(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Measure> {
  const samples: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  instance.on("response", (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  const result = await instance;
  const s = summarize(samples);
  return { rps: result.requests.average, p50: s.p50, p95: s.p95, p99: s.p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function phase(label: string, databaseUrl: string) {
  const app = await startInstance({ databaseUrl, authSecret: AUTH_SECRET, distDir: DIST_DIR, env: { DATABASE_POOL_SIZE: String(CONNECTIONS) } });
  try {
    const login = await fetch(`${app.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO) });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const results = {} as Record<TargetName, Measure>;
    const bodies = {} as Record<TargetName, { type: string; body: Buffer }>;
    for (const t of TARGETS) {
      const headers: Record<string, string> = t.auth ? { cookie } : {};
      const res = await fetch(app.url + t.path, { headers });
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
      bodies[t.name] = { type: res.headers.get("content-type") ?? "application/json", body: Buffer.from(await res.arrayBuffer()) };
      await measure(app.url + t.path, headers, 2); // warm-up: JIT, caches, connection pool
      results[t.name] = await measure(app.url + t.path, headers);
      const r = results[t.name];
      console.log(`${label} ${t.name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  (${r.non2xx} non-2xx, ${r.errors} errors)`);
    }
    return { results, bodies };
  } finally {
    await app.stop();
  }
}

/** The network floor: node:http answering the exact bytes the app produced. */
async function bare(bodies: Record<TargetName, { type: string; body: Buffer }>) {
  const byPath = new Map<string, { type: string; body: Buffer }>(TARGETS.map((t) => [t.path, bodies[t.name]]));
  const server = http.createServer((req, res) => {
    const b = byPath.get(req.url ?? "");
    if (!b) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": b.type, "content-length": b.body.length, "cache-control": "no-store" });
    res.end(b.body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const results = {} as Record<TargetName, Measure>;
  try {
    for (const t of TARGETS) {
      await measure(`http://127.0.0.1:${port}${t.path}`, {}, 1);
      results[t.name] = await measure(`http://127.0.0.1:${port}${t.path}`, {});
      console.log(`bare ${t.name.padEnd(8)} ${results[t.name].rps.toFixed(0).padStart(6)} req/s  p50 ${results[t.name].p50} ms  p95 ${results[t.name].p95} ms`);
    }
  } finally {
    server.close();
  }
  return results;
}

const started = Date.now();
const pgDb = await freshPostgres("ff_bench_catalog");
let pgliteDir: string | null = null;
const databaseUrl = pgDb?.url ?? `pglite:${(pgliteDir = path.resolve(root, ".data", `bench-catalog-${Date.now().toString(36)}`))}`;
try {
  console.log(`catalog bench on ${pgDb ? "PostgreSQL" : "PGlite"}; build ${DIST_DIR}; ${CONNECTIONS} connections, ${SECONDS} s per measurement`);
  ensureBuild(DIST_DIR);
  step(["node_modules/prisma/build/index.js", "migrate", "deploy"], databaseUrl);
  step(tsx("prisma/seed.ts"), databaseUrl);
  seedTo(SMALL, databaseUrl);
  const small = await phase(`${SMALL / 1000}k`, databaseUrl);
  seedTo(LARGE, databaseUrl);
  const large = await phase(`${LARGE / 1000}k`, databaseUrl);
  const floor = await bare(large.bodies);

  const rows = TARGETS.map((t) => {
    const s = small.results[t.name];
    const l = large.results[t.name];
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
    database: pgDb ? "postgres" : "pglite",
    connections: CONNECTIONS,
    seconds: SECONDS,
    products: { small: SMALL, large: LARGE },
    rows,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  });
} finally {
  await pgDb?.drop();
  if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
}
