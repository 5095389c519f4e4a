/**
 * Routes bench: what a signed-in request costs next to a prerendered page of the same server.
 * One production server on a fresh seeded PostgreSQL database; each route in turn under
 * autocannon (10 connections), signed in as the demo shopper where the route needs it. The
 * baseline, the prerendered /pricing, is measured first and last and its mean is the
 * denominator, so the ratios compare figures taken minutes apart at most on the same machine.
 * Also records the body size of each answer and the server's CPU time per request (steadier than
 * req/s when the machine is shared). Writes bench/out/routes.json.
 *
 *   node --import tsx bench/routes.ts
 * Env: BENCH_DATABASE_URL / DATABASE_URL (postgres://…), NEXT_DIST_DIR (default .next-bench, built
 *      when missing or older than HEAD), BENCH_SECONDS (per route, default 5), BENCH_CONNECTIONS (10),
 *      BENCH_ROUTES (a comma-separated subset of the paths, to compare builds quickly),
 *      BENCH_NODE_ARGS (space-separated flags for the server's node, to compare runtime settings).
 */
import fs from "node:fs";
import { autocannon, freshSeededDatabase, login, prepareBuild, round, startApp } from "./harness";
import { summarize, writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BASELINE = "/pricing";

/** The routes of the speed budget and the ratio each should reach (issue table; docs/architecture.md). */
const ALL_ROUTES: { path: string; goal: number; auth: boolean }[] = [
  { path: "/home", goal: 0.25, auth: true },
  { path: "/wallet", goal: 0.3, auth: true },
  { path: "/orders", goal: 0.3, auth: true },
  { path: "/messages", goal: 0.3, auth: true },
  { path: "/api/user", goal: 0.7, auth: true },
  { path: "/api/wallet", goal: 0.7, auth: true },
  { path: "/api/orders", goal: 0.6, auth: true },
  { path: "/api/messages/chats", goal: 0.6, auth: true },
  { path: "/api/categories", goal: 0.8, auth: false },
  { path: "/api/products/featured", goal: 0.8, auth: false },
  { path: "/api/farms/featured", goal: 0.8, auth: false },
  { path: "/api/products/search?q=apple", goal: 0.6, auth: false },
];
const only = process.env.BENCH_ROUTES?.split(",").map((p) => p.trim());
const ROUTES = only ? ALL_ROUTES.filter((r) => only.includes(r.path)) : ALL_ROUTES;

type Measure = { rps: number; p50: number; p95: number; requests: number; non2xx: number; errors: number; cpuMs: number | null };

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc (Linux; null
 * elsewhere). Per request it is steadier than req/s on a shared machine: other work slows the
 * server down but does not make its requests cost more CPU.
 */
function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

async function measure(url: string, headers: Record<string, string>): Promise<Measure> {
  const cpuBefore = processCpuMs(app.pid);
  const samples: number[] = [];
  let non2xx = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 30 });
  instance.on("response", (_client, status, _bytes, ms) => {
    samples.push(ms);
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  const s = summarize(samples);
  const cpuAfter = processCpuMs(app.pid);
  const cpuMs = cpuBefore !== null && cpuAfter !== null && samples.length ? Math.round(((cpuAfter - cpuBefore) / samples.length) * 100) / 100 : null;
  return { rps: round(result.requests.average), p50: round(s.p50), p95: round(s.p95), requests: samples.length, non2xx, errors: result.errors + result.timeouts, cpuMs };
}

const distDir = prepareBuild();
const database = await freshSeededDatabase("ff_bench_routes");
const app = await startApp(database.url, distDir, {}, process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []);
try {
  const cookie = await login(app.url, "demo@fieldfare.app", "harvest-demo-2026");
  // Warm every route once (first renders compile and fill caches), and record its size.
  const bytes: Record<string, number> = {};
  for (const r of [{ path: BASELINE, auth: false }, ...ROUTES]) {
    const res = await fetch(app.url + r.path, { headers: r.auth ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    bytes[r.path] = (await res.arrayBuffer()).byteLength;
  }

  const first = await measure(app.url + BASELINE, {});
  console.log(`routes: baseline ${BASELINE} ${first.rps} req/s, ${first.cpuMs} ms CPU/request`);
  const rows = [];
  for (const r of ROUTES) {
    const m = await measure(app.url + r.path, r.auth ? { cookie } : {});
    rows.push({ ...r, ...m, bytes: bytes[r.path] });
    console.log(`routes: ${r.path} ${m.rps} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, ${m.non2xx} non-2xx, ${m.cpuMs} ms CPU/request`);
  }
  const last = await measure(app.url + BASELINE, {});
  const baseline = round((first.rps + last.rps) / 2);
  console.log(`routes: baseline ${BASELINE} ${last.rps} req/s at the end (mean ${baseline})`);
  const out = rows.map((r) => ({ ...r, ratio: Math.round((r.rps / baseline) * 100) / 100, met: r.rps / baseline >= r.goal && r.non2xx === 0 && r.errors === 0 }));
  for (const r of out) console.log(`${r.path.padEnd(32)} ${String(r.ratio).padStart(5)}× (goal ${r.goal}×) ${r.met ? "met" : "NOT met"}`);
  writeResult("routes", { database: "PostgreSQL", seconds: SECONDS, connections: CONNECTIONS, baseline: { path: BASELINE, rps: baseline, first: first.rps, last: last.rps, bytes: bytes[BASELINE], cpuMs: first.cpuMs }, rows: out });
} finally {
  await app.stop();
  await database.drop();
}
