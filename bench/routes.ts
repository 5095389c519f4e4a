/**
 * Routes bench: what a signed-in request costs next to a prerendered page of the same server.
 * One production server on a fresh seeded PostgreSQL database; each route in turn under
 * autocannon (10 connections), signed in as the demo shopper where the route needs it, each right
 * after its own measurement of the baseline, the prerendered /pricing: a route's ratio is to the
 * baseline taken seconds before it on the same machine (whose speed drifts by the minute). Page
 * views are compared with the mean of all the baselines.
 * Also records the body size of each answer and the server's CPU time per request (steadier than
 * req/s when the machine is shared). Writes bench/out/routes.json.
 *
 *   node --import tsx bench/routes.ts
 * Env: BENCH_DATABASE_URL / DATABASE_URL (postgres://…), NEXT_DIST_DIR (default .next-bench, built
 *      when missing or older than HEAD), BENCH_SECONDS (per measurement, default 6), BENCH_CONNECTIONS (10),
 *      BENCH_ROUNDS (default 3: each route is measured in that many slices of BENCH_SECONDS / rounds,
 *      each right after a slice of the baseline, and its ratio is its requests over the baseline's
 *      in those slices: this machine's speed drifts within seconds, which one pair of 5 s runs
 *      measured as much as the route),
 *      BENCH_ROUTES (a comma-separated subset of the paths, to compare builds quickly),
 *      BENCH_NODE_ARGS (space-separated flags for the server's node, to compare runtime settings),
 *      BENCH_PAGE_VIEWS (comma-separated pages measured as whole page views: the HTML and the /api
 *      reads Chromium makes to show it, recorded by bench/page-view.ts; empty for none),
 *      BENCH_HISTORY=1 (size independence instead: two databases, the seed's and one whose demo
 *      shopper has 5,000 more ledger rows, 1,000 more orders and 2,000 more messages, all older than
 *      the seed's, so a first page shows the same newest rows (a page not full at the seed's size fills up with older ones); a server on each; every history route
 *      measured on both in the same slices, seed and large alternately; the ratio is of the CPU per request, the server's plus its
 *      database backends', goal ≤ 1.3×; writes bench/out/history.json).
 */
import fs from "node:fs";
import { autocannon, freshSeededDatabase, login, prepareBuild, round, startApp } from "./harness";
import { growHistory } from "./history";
import { recordPageView } from "./page-view";
import { processCpuMs, summarize, writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BASELINE = "/pricing";

/** The last 4 weeks (UTC days), the period My Farm → Reports opens on. */
const REPORT_PERIOD = `from=${new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
/**
 * `auth`: true signs in as the demo shopper, "farmer" as the demo farmer (Sunny Slope Orchards),
 * "staff" as the demo ops account.
 */
type Auth = boolean | "farmer" | "staff";
/** The routes of the speed budget and the ratio each should reach (bench/RESULTS.md has each against it). */
const ALL_ROUTES: { path: string; goal: number; auth: Auth }[] = [
  { path: "/home", goal: 0.25, auth: true },
  { path: "/wallet", goal: 0.3, auth: true },
  { path: "/orders", goal: 0.3, auth: true },
  { path: "/messages", goal: 0.3, auth: true },
  // My Farm's pages (every one at ≥ 0.5×) and the reads the prerendered ones make in the browser.
  { path: "/my-farm", goal: 0.5, auth: "farmer" },
  { path: "/my-farm/payouts", goal: 0.5, auth: "farmer" },
  { path: "/my-farm/reports", goal: 0.5, auth: "farmer" },
  { path: "/my-farm/customers", goal: 0.5, auth: "farmer" },
  { path: "/my-farm/orders", goal: 0.5, auth: "farmer" },
  { path: "/my-farm/pack-list", goal: 0.5, auth: "farmer" },
  { path: "/api/my-farm/today", goal: 0.5, auth: "farmer" },
  { path: "/api/my-farm/pack-list", goal: 0.5, auth: "farmer" },
  { path: "/api/my-farm/orders", goal: 0.5, auth: "farmer" },
  { path: "/api/my-farm/payouts", goal: 0.6, auth: "farmer" },
  { path: `/api/my-farm/reports/sales?${REPORT_PERIOD}`, goal: 0.6, auth: "farmer" },
  ...["", "/payouts", "/farms", "/people", "/business", "/waitlist", "/outboxes", "/audit"].map(
    (tab) => ({ path: `/ops${tab}`, goal: 0.5, auth: "staff" as const }),
  ),
  { path: "/api/user", goal: 0.7, auth: true },
  { path: "/api/wallet", goal: 0.7, auth: true },
  { path: "/api/orders", goal: 0.6, auth: true },
  { path: "/api/messages/chats", goal: 0.6, auth: true },
  { path: "/api/categories", goal: 0.8, auth: false },
  { path: "/api/products/featured", goal: 0.8, auth: false },
  { path: "/api/farms/featured", goal: 0.8, auth: false },
  { path: "/api/products/search?q=apple", goal: 0.6, auth: false },
];
/** The prerendered shells, measured also as whole page views (the HTML and the /api reads it makes). */
const PAGE_VIEWS = (process.env.BENCH_PAGE_VIEWS ?? "/home,/wallet,/orders,/messages")
  .split(",")
  .filter(Boolean);
const HISTORY = process.env.BENCH_HISTORY === "1";
/** Size independence (issue #14): what grows with a user's history, and the catalog reads beside it. `{peer}`: the demo shopper's busiest chat. */
/**
 * The lists are asked for pages the seed's shopper fills too (7 orders, 11 ledger rows): what is
 * compared is the cost of the same page with a long history behind it, not of a fuller page
 * (a default page of 20 shows 20 orders for the long history and 7 for the seed's).
 */
const HISTORY_ROUTES: { path: string; goal: number; auth: Auth }[] = [
  "/wallet",
  "/api/wallet",
  "/api/transactions?limit=10",
  "/orders",
  "/api/orders?limit=5",
  "/messages",
  "/api/messages/chats",
  "/messages/{peer}",
  "/api/messages/{peer}",
  "/home",
  "/api/products/featured",
  "/api/products/search?q=apple",
].map((path) => ({ path, goal: 1.3, auth: !path.startsWith("/api/products") }));
const only = process.env.BENCH_ROUTES?.split(",").map((p) => p.trim());
const LISTED = HISTORY ? HISTORY_ROUTES : ALL_ROUTES;
let ROUTES = only ? LISTED.filter((r) => only.includes(r.path)) : LISTED;

type Measure = {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpuMs: number | null;
  dbCpuMs: number | null;
  samples: number[];
  seconds: number;
};

/**
 * CPU time (ms) of the PostgreSQL backends serving one database, by backend pid (Linux, same
 * machine: the backend's process title names its database). The app's cost includes the queries
 * it makes the database run on the other core.
 */
function databaseCpu(dbName: string): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!title.startsWith("postgres:") || !title.includes(` ${dbName} `)) continue;
      const cpu = processCpuMs(Number(pid));
      if (cpu !== null) out.set(Number(pid), cpu);
    } catch {
      /* gone */
    }
  }
  return out;
}
const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function measure(
  url: string,
  headers: Record<string, string>,
  server: { pid: number; dbName: string } = { pid: app.pid, dbName },
  sequence?: string[],
  seconds = SECONDS,
): Promise<Measure> {
  const cpuBefore = processCpuMs(server.pid);
  const dbBefore = databaseCpu(server.dbName);
  const samples: number[] = [];
  let non2xx = 0;
  // A sequence: each connection requests these paths in turn, over and over (a page view).
  const requests = sequence?.map((path) => ({ path }));
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    timeout: 30,
    requests,
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    samples.push(ms);
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  const s = summarize(samples);
  const cpuAfter = processCpuMs(server.pid);
  const dbAfter = databaseCpu(server.dbName);
  const cpuMs =
    cpuBefore !== null && cpuAfter !== null && samples.length
      ? Math.round(((cpuAfter - cpuBefore) / samples.length) * 100) / 100
      : null;
  const dbCpuMs =
    dbAfter.size && samples.length
      ? Math.round((cpuSpent(dbBefore, dbAfter) / samples.length) * 100) / 100
      : null;
  return {
    rps: round(result.requests.average),
    p50: round(s.p50),
    p95: round(s.p95),
    requests: samples.length,
    non2xx,
    errors: result.errors + result.timeouts,
    cpuMs,
    dbCpuMs,
    samples,
    seconds,
  };
}

/** A measurement without its latency samples, as the results keep it. */
function bare(m: Measure): Omit<Measure, "samples"> {
  const { samples, ...rest } = m;
  void samples;
  return rest;
}

/** Slices of one route measured as one: requests per second over all of them, latency over every answer. */
function combine(parts: Measure[]): Measure {
  const samples = parts.flatMap((m) => m.samples);
  const seconds = parts.reduce((n, m) => n + m.seconds, 0);
  const s = summarize(samples);
  const perRequest = (pick: (m: Measure) => number | null) =>
    parts.every((m) => pick(m) !== null) && samples.length
      ? round(parts.reduce((n, m) => n + pick(m)! * m.requests, 0) / samples.length)
      : null;
  return {
    rps: round(samples.length / seconds),
    p50: round(s.p50),
    p95: round(s.p95),
    requests: samples.length,
    non2xx: parts.reduce((n, m) => n + m.non2xx, 0),
    errors: parts.reduce((n, m) => n + m.errors, 0),
    cpuMs: perRequest((m) => m.cpuMs),
    dbCpuMs: perRequest((m) => m.dbCpuMs),
    samples,
    seconds,
  };
}

const distDir = prepareBuild();
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const database = await freshSeededDatabase(HISTORY ? "ff_bench_seed" : "ff_bench_routes");
const dbName = new URL(database.url).pathname.slice(1);
// Size independence: a second database whose demo shopper has the long history, its own server,
// each route measured on both servers back to back (a shared machine's load moves by the minute).
const large = HISTORY ? await freshSeededDatabase("ff_bench_history") : null;
const grown = large ? await growHistory(large.url) : null;
const app = await startApp(database.url, distDir, {}, nodeArgs);
const largeApp = large ? await startApp(large.url, distDir, {}, nodeArgs) : null;
try {
  const cookie = await login(app.url, "demo@fieldfare.app", "harvest-demo-2026");
  const farmerCookie = ROUTES.some((r) => r.auth === "farmer")
    ? await login(app.url, "margaret.chen@farms.fieldfare.app", "harvest-farm-2026")
    : "";
  const staffCookie = ROUTES.some((r) => r.auth === "staff")
    ? await login(app.url, "ops@fieldfare.app", "harvest-ops-2026")
    : "";
  const headersFor = (r: { auth: Auth }, shopper = cookie): Record<string, string> =>
    r.auth === "farmer"
      ? { cookie: farmerCookie }
      : r.auth === "staff"
        ? { cookie: staffCookie }
        : r.auth
          ? { cookie: shopper }
          : {};

  /** Warms every route once (first renders compile and fill caches) and records each answer's size. */
  async function warm(base: string, cookie: string) {
    const bytes: Record<string, number> = {};
    for (const r of [{ path: BASELINE, auth: false }, ...ROUTES]) {
      const res = await fetch(base + r.path, { headers: headersFor(r, cookie) });
      if (res.status !== 200)
        throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      bytes[r.path] = (await res.arrayBuffer()).byteLength;
    }
    return bytes;
  }

  if (!large || !largeApp || !grown) {
    const bytes = await warm(app.url, cookie);
    // Each route in slices, each right after a slice of the baseline: this machine's speed drifts
    // by the second (other tenants), so a route is compared with the baseline measured beside it,
    // alternately, and each pair's ratio is kept to show the spread.
    const baselines: Measure[] = [];
    const rows = [];
    const slice = SECONDS / ROUNDS;
    for (const r of ROUTES) {
      const bs: Measure[] = [];
      const ms: Measure[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        bs.push(await measure(app.url + BASELINE, {}, undefined, undefined, slice));
        ms.push(await measure(app.url + r.path, headersFor(r), undefined, undefined, slice));
      }
      const b = combine(bs);
      const m = combine(ms);
      baselines.push(b);
      const rounds = ms.map(
        (x, i) => Math.round((x.requests / Math.max(1, bs[i].requests)) * 100) / 100,
      );
      rows.push({ ...r, ...bare(m), baselineRps: b.rps, rounds, bytes: bytes[r.path] });
      console.log(
        `routes: ${r.path} ${m.rps} req/s (baseline ${b.rps}; ratio by round ${rounds.join(", ")}), p50 ${m.p50} ms, p95 ${m.p95} ms, ${m.non2xx} non-2xx, ${m.cpuMs} ms CPU/request`,
      );
    }
    const first = baselines[0] ?? (await measure(app.url + BASELINE, {}));
    // Page views: the shells' HTML costs what a prerendered page does, and the page fills itself
    // from /api in the browser. This replays everything one view asks of the server (bench/page-view.ts).
    const views = [];
    for (const path of PAGE_VIEWS) {
      const sequence = await recordPageView(app.url, cookie, path);
      const m = await measure(app.url, { cookie }, undefined, sequence);
      const n = sequence.length;
      const view = {
        path,
        requests: sequence,
        rps: round(m.rps / n),
        p50: m.p50,
        p95: m.p95,
        non2xx: m.non2xx,
        errors: m.errors,
        cpuMs: m.cpuMs === null ? null : round(m.cpuMs * n),
        dbCpuMs: m.dbCpuMs === null ? null : round(m.dbCpuMs * n),
      };
      views.push(view);
      console.log(
        `routes: page view ${path} (${n} requests: ${sequence.join(", ")}) ${view.rps} views/s, ${view.cpuMs} ms CPU/view`,
      );
    }
    const last = await measure(app.url + BASELINE, {});
    baselines.push(last);
    const baseline = round(baselines.reduce((n, b) => n + b.rps, 0) / baselines.length);
    console.log(
      `routes: baseline ${BASELINE} ${last.rps} req/s at the end (mean of ${baselines.length}: ${baseline})`,
    );
    const out = rows.map((r) => ({
      ...r,
      ratio: Math.round((r.rps / r.baselineRps) * 100) / 100,
      met: r.rps / r.baselineRps >= r.goal && r.non2xx === 0 && r.errors === 0,
    }));
    for (const r of out)
      console.log(
        `${r.path.padEnd(32)} ${String(r.ratio).padStart(5)}× (goal ${r.goal}×) ${r.met ? "met" : "NOT met"}`,
      );
    const pageViews = views.map((v) => ({
      ...v,
      ratio: Math.round((v.rps / baseline) * 100) / 100,
    }));
    for (const v of pageViews)
      console.log(
        `page view ${v.path.padEnd(22)} ${String(v.ratio).padStart(5)}× (${v.requests.length} requests)`,
      );
    writeResult("routes", {
      database: "PostgreSQL",
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      baseline: {
        path: BASELINE,
        rps: baseline,
        first: first.rps,
        last: last.rps,
        min: Math.min(...baselines.map((b) => b.rps)),
        max: Math.max(...baselines.map((b) => b.rps)),
        bytes: bytes[BASELINE],
        cpuMs: first.cpuMs,
      },
      rows: out,
      pageViews,
    });
  } else {
    console.log(
      `history: the large demo shopper has ${grown.ledger} ledger rows, ${grown.orders} orders, ${grown.messages} messages (busiest chat: user ${grown.peer}); balance = ledger: ${grown.balanced}`,
    );
    ROUTES = ROUTES.map((r) => ({ ...r, path: r.path.replace("{peer}", String(grown.peer)) }));
    const largeCookie = await login(largeApp.url, "demo@fieldfare.app", "harvest-demo-2026");
    const seedBytes = await warm(app.url, cookie);
    const largeBytes = await warm(largeApp.url, largeCookie);
    const largeServer = { pid: largeApp.pid, dbName: new URL(large.url).pathname.slice(1) };
    const out = [];
    // Cost per request: the server's CPU plus its database's (steadier than req/s on a shared machine).
    const cost = (m: Measure) => (m.cpuMs ?? 0) + (m.dbCpuMs ?? 0);
    const slice = SECONDS / ROUNDS;
    for (const r of ROUTES) {
      // In slices, seed and large alternately, as the routes above alternate with the baseline: one
      // 6 s run of each, back to back, put a byte-identical prerendered shell at 1.35-1.39x.
      const as: Measure[] = [];
      const bs: Measure[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        as.push(await measure(app.url + r.path, headersFor(r), undefined, undefined, slice));
        bs.push(
          await measure(
            largeApp.url + r.path,
            r.auth ? { cookie: largeCookie } : {},
            largeServer,
            undefined,
            slice,
          ),
        );
      }
      const a = combine(as);
      const b = combine(bs);
      const rounds = as.map((x, i) =>
        cost(x) > 0 ? Math.round((cost(bs[i]) / cost(x)) * 100) / 100 : null,
      );
      const costRatio = cost(a) > 0 ? Math.round((cost(b) / cost(a)) * 100) / 100 : null;
      const rpsRatio = b.rps > 0 ? Math.round((a.rps / b.rps) * 100) / 100 : null;
      const ok = a.non2xx + a.errors + b.non2xx + b.errors === 0;
      const path = r.path.replace(String(grown.peer), "{peer}");
      const row = {
        path,
        goal: r.goal,
        seed: { ...bare(a), bytes: seedBytes[r.path] },
        large: { ...bare(b), bytes: largeBytes[r.path] },
        costRatio,
        rounds,
        rpsRatio,
        met: ok && costRatio !== null && costRatio <= r.goal,
      };
      out.push(row);
      console.log(
        `history: ${path.padEnd(30)} seed ${a.rps} req/s, ${a.cpuMs} + ${a.dbCpuMs} ms CPU (app + db), ${seedBytes[r.path]} B; large ${b.rps} req/s, ${b.cpuMs} + ${b.dbCpuMs} ms, ${largeBytes[r.path]} B; cost ${costRatio}× (by slice ${rounds.join(", ")}), req/s ${rpsRatio}× ${row.met ? "met" : "NOT met"}`,
      );
    }
    writeResult("history", {
      database: "PostgreSQL",
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      history: grown,
      rows: out,
    });
  }
} finally {
  await app.stop();
  await largeApp?.stop();
  await database.drop();
  await large?.drop();
}
