/**
 * Where the time goes: for each route of the speed budget, a production server of its own runs
 * under `node --cpu-prof`, autocannon loads that one route, and the CPU profile is summed by
 * function and by package (next, react-dom, prisma, pg, our code). PostgreSQL logs the bench
 * database's statements meanwhile (`log_statement = all` on that database only), so the queries
 * per request are counted from 20 sequential requests. Writes bench/out/profile.json and prints
 * a summary; bench/JOURNAL.md holds the findings.
 *
 *   flock /work/heavy.lock node --import tsx bench/profile.ts [route …]
 * Env: as bench/routes.ts; PG_LOG (default /var/log/postgresql/postgresql-15-main.log; the query
 *      count is skipped when it cannot be read), PROFILE_TOP (rows per table, default 15).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { autocannon, freshSeededDatabase, login, prepareBuild, round, startApp } from "./harness";
import { canReadLog, printSummary, statementsPerRequest, summarizeLoads } from "./cpu-profile";
import { writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEQUENTIAL = 20;

const DEFAULT_ROUTES = [
  "/pricing",
  "/home",
  "/wallet",
  "/orders",
  "/messages",
  "/api/orders",
  "/api/messages/chats",
  "/api/products/search?q=apple",
];
const routes = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_ROUTES;

const distDir = prepareBuild();
const database = await freshSeededDatabase("ff_bench_profile");
const dbName = new URL(database.url).pathname.slice(1);
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-profile-"));
const results = [];
try {
  // Set before the app opens its pool: every connection of this database logs its statements.
  if (canReadLog) await admin.query(`ALTER DATABASE "${dbName}" SET log_statement = 'all'`);
  for (const route of routes) {
    const dir = path.join(profDir, route.replace(/[^a-z0-9]+/gi, "_"));
    fs.mkdirSync(dir);
    const app = await startApp(database.url, distDir, {}, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    let queries: { perRequest: number; sample: string[] } | null = null;
    let rps = 0;
    let loadEnded = performance.now();
    try {
      const auth = !["/pricing", "/api/products/search?q=apple"].includes(route);
      // The farm's routes as the demo farmer (Sunny Slope Orchards), the rest as the demo shopper.
      const farmer = /^\/(api\/)?my-farm/.test(route);
      const cookie = !auth
        ? ""
        : farmer
          ? await login(app.url, "margaret.chen@farms.fieldfare.app", "harvest-farm-2026")
          : await login(app.url, "demo@fieldfare.app", "harvest-demo-2026");
      const headers: Record<string, string> = cookie ? { cookie } : {};
      for (let i = 0; i < 3; i++) {
        const res = await fetch(app.url + route, { headers });
        if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
        await res.arrayBuffer();
      }
      if (canReadLog) {
        const counted = await statementsPerRequest(SEQUENTIAL, async () =>
          (await fetch(app.url + route, { headers })).arrayBuffer(),
        );
        queries = { ...counted, perRequest: round(counted.perRequest) };
      }
      const r = await autocannon({
        url: app.url + route,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        timeout: 30,
      });
      loadEnded = performance.now();
      rps = round(r.requests.average);
    } finally {
      await app.stop();
    }
    // Only the samples of the load: startup and module loading are not the cost of a request.
    const [summary] = summarizeLoads(dir, performance.now(), [
      { startedAt: loadEnded - SECONDS * 1000, endedAt: loadEnded },
    ]);
    const requests = rps * SECONDS;
    results.push({
      route,
      rps,
      queries,
      cpuMsPerRequest: summary && requests ? round(summary.busyMs / requests) : null,
      profile: summary,
    });
    console.log(
      `\n=== ${route}: ${rps} req/s, ${queries?.perRequest ?? "?"} queries/request, ${summary && requests ? round(summary.busyMs / requests) : "?"} ms CPU/request`,
    );
    if (queries) for (const q of queries.sample.slice(0, 12)) console.log(`  q ${q}`);
    if (summary) printSummary(summary, 12);
  }
  writeResult("profile", { seconds: SECONDS, connections: CONNECTIONS, routes: results });
} finally {
  await admin.end();
  await database.drop();
  console.log(`profiles kept in ${profDir}`);
}
