/**
 * `npm run bench`: every bench of the project, one after the other, each with a time bound; a
 * failing or timed-out bench is recorded as such and the next one runs. Then bench/RESULTS.md is
 * written from bench/out/*.json (each bench writes its own shape; normalised here): date, machine,
 * a table of headline figures, Lighthouse scores per public page, the ratios, and an SVG chart of
 * p95 latencies (bench/out/chart.svg).
 *
 * Env: BENCH_FULL=1 (load test at its full 60 s; otherwise 30 s), BENCH_FAULT=1 (also the fault
 *      script, which restarts the local PostgreSQL), BENCH_ONLY=name,name (a subset),
 *      BENCH_REPORT_ONLY=1 (just rewrite RESULTS.md from bench/out).
 * All benches share one production build (.next-bench, rebuilt when the sources change).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  freshSeededDatabase,
  login as signIn,
  machine,
  prepareBuild,
  root,
  startApp,
  startFloorApp,
} from "./harness";

type Run = {
  name: string;
  status: "ok" | "failed" | "timeout" | "skipped";
  seconds: number;
  note?: string;
};

const FULL = process.env.BENCH_FULL === "1";
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const outDir = path.join(root, "bench/out");
const stateFile = path.join(outDir, "run-all.json");
// BENCH_REPORT_ONLY=1 rewrites the report of the last run (e.g. after running bench/fault.ts alone).
const previous =
  process.env.BENCH_REPORT_ONLY === "1" && fs.existsSync(stateFile)
    ? JSON.parse(fs.readFileSync(stateFile, "utf8"))
    : null;
const started = previous ? new Date(previous.started) : new Date();
// When the run ended (a report rewritten later names the benches run again on their own since).
const finished = previous?.finished ? new Date(previous.finished) : null;
const flags = ["BENCH_FULL", "BENCH_FAULT", "BENCH_ONLY"]
  .filter((k) => process.env[k])
  .map((k) => `${k}=${process.env[k]}`);
const atStart = previous?.atStart ?? {
  ...machine(),
  memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  cpuModel: os.cpus()[0]?.model ?? "?",
  command: [...flags, "npm run bench"].join(" "),
};
const runs: Run[] = previous?.runs ?? [];

function runBench(
  name: string,
  file: string,
  minutes: number,
  env: Record<string, string> = {},
): Promise<Run> {
  const t0 = Date.now();
  console.log(`\n=== bench ${name} (at most ${minutes} min) ===`);
  return new Promise((resolve) => {
    // login.ts, standing.ts, shares.ts, notifications.ts and payments.ts import lib/server directly (server-only): they need the react-server condition.
    const conditions = ["login", "standing", "shares", "notifications", "payments"].includes(name)
      ? ["--conditions=react-server"]
      : [];
    const child = spawn(process.execPath, ["--import", "tsx", ...conditions, file], {
      cwd: root,
      stdio: "inherit",
      detached: true,
      env: { ...process.env, ...env },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The bench's own children (servers) are in its process group.
      try {
        process.kill(-child.pid!, "SIGTERM");
        setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            /* gone */
          }
        }, 5000).unref();
      } catch {
        /* gone */
      }
    }, minutes * 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - t0) / 1000);
      resolve({
        name,
        status: timedOut ? "timeout" : code === 0 ? "ok" : "failed",
        seconds,
        note: timedOut ? `stopped after ${minutes} min` : code ? `exit code ${code}` : undefined,
      });
    });
  });
}

const want = (name: string) => !only || only.includes(name);

if (process.env.BENCH_REPORT_ONLY !== "1") {
  const distDir = prepareBuild();
  const shared = {
    FF_CATALOG_DIST_DIR: distDir,
    FF_WALLET_DIST_DIR: distDir,
    FF_MESSAGES_DIST_DIR: distDir,
    NEXT_DIST_DIR: distDir,
  };
  const plan: [string, string, number, Record<string, string>][] = [
    ["login", "bench/login.ts", 5, {}],
    ["routes", "bench/routes.ts", 10, {}],
    ["floor", "bench/floor.ts", 10, {}],
    ["history", "bench/routes.ts", 12, { BENCH_HISTORY: "1" }],
    ["catalog", "bench/catalog.ts", 25, FULL ? {} : { BENCH_SECONDS: "5" }],
    ["messages", "bench/messages.ts", 15, {}],
    ["wallet", "bench/wallet.ts", 10, {}],
    ["standing", "bench/standing.ts", 10, {}],
    ["shares", "bench/shares.ts", 10, {}],
    ["notifications", "bench/notifications.ts", 10, {}],
    ["payments", "bench/payments.ts", 10, {}],
  ];
  for (const [name, file, minutes, env] of plan) {
    if (!want(name)) continue;
    runs.push(await runBench(name, file, minutes, { ...shared, ...env }));
  }
  if (want("lighthouse")) {
    // Lighthouse needs a running server: a fresh seeded database and the shared build.
    const t0 = Date.now();
    let app: Awaited<ReturnType<typeof startApp>> | undefined;
    let floor: Awaited<ReturnType<typeof startFloorApp>> | undefined;
    let database: Awaited<ReturnType<typeof freshSeededDatabase>> | undefined;
    try {
      database = await freshSeededDatabase("ff_bench_lh");
      app = await startApp(database.url, distDir);
      // The baseline: pages of a bare Next app (bench/floor/), audited in the same runs, say what
      // any Next page scores on this machine and Chromium.
      floor = await startFloorApp({ distDir: ".next-floor", ppr: false, rebuild: false });
      // Both presets: mobile (Lighthouse's default: simulated slow 4G and a 4× slower CPU) and
      // desktop; the median of 5 runs per page, since one run swings by ± 5 points on a shared machine.
      const runsPerPage = process.env.BENCH_RUNS ?? "5";
      // Two pages of the floor: the smallest Next page there is (one greeting) and 150 plain cards.
      const floorPages = `${floor.url}/minimal,${floor.url}/static`;
      for (const preset of ["mobile", "desktop"]) {
        runs.push(
          await runBench(`lighthouse ${preset}`, "bench/lighthouse.ts", 15, {
            BENCH_URL: app.url,
            BENCH_PRESET: preset,
            BENCH_RUNS: runsPerPage,
            BENCH_FLOOR_URL: floorPages,
          }),
        );
      }
      // The signed-in home of the demo shopper, on the mobile preset (issue goal: ≥ 95).
      const cookie = await signIn(app.url, "demo@fieldfare.app", "harvest-demo-2026");
      runs.push(
        await runBench("lighthouse signed-in", "bench/lighthouse.ts", 10, {
          BENCH_URL: app.url,
          BENCH_PRESET: "mobile",
          BENCH_RUNS: runsPerPage,
          BENCH_PAGES: "/home",
          BENCH_COOKIE: cookie,
          BENCH_FLOOR_URL: floorPages,
        }),
      );
    } catch (e) {
      runs.push({
        name: "lighthouse",
        status: "failed",
        seconds: Math.round((Date.now() - t0) / 1000),
        note: String(e).slice(0, 200),
      });
    } finally {
      await app?.stop();
      floor?.stop();
      await database?.drop();
    }
  }
  if (want("load"))
    runs.push(
      await runBench("load", "bench/load.ts", 15, {
        ...shared,
        LOAD_SECONDS: process.env.LOAD_SECONDS ?? (FULL ? "60" : "30"),
      }),
    );
  if (process.env.BENCH_FAULT === "1" && want("fault"))
    runs.push(await runBench("fault", "bench/fault.ts", 10, shared));
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    stateFile,
    JSON.stringify({ started, finished: new Date(), atStart, runs }, null, 2),
  );
}

// ---- RESULTS.md ---------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
function read(name: string): Json | null {
  const f = path.join(outDir, `${name}.json`);
  if (!fs.existsSync(f)) return null;
  return JSON.parse(fs.readFileSync(f, "utf8"));
}
const ms = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n)
    ? "–"
    : n >= 100
      ? `${Math.round(n)} ms`
      : `${n.toFixed(1)} ms`;
const num = (n: number | undefined, d = 1) =>
  n === undefined || !Number.isFinite(n)
    ? "–"
    : n.toLocaleString("en-US", { maximumFractionDigits: d });
function freshness(j: Json): string {
  const at = j?.at ? new Date(j.at) : null;
  if (!at) return "";
  if (at < started) return ` (from ${at.toISOString().slice(0, 16).replace("T", " ")})`;
  return finished && at > finished
    ? ` — run again on its own at ${at.toISOString().slice(11, 16)} UTC`
    : "";
}

type Row = { bench: string; figure: string; value: string };
const rows: Row[] = [];
const bars: { label: string; p95: number }[] = [];
const ratios: string[] = [];

const login = read("login");
if (login) {
  rows.push({
    bench: "login" + freshness(login),
    figure: `POST /api/login p50 / p95 (${login.logins} logins, ${login.database})`,
    value: `${ms(login.loginMs?.p50)} / ${ms(login.loginMs?.p95)}`,
  });
  rows.push({
    bench: "login",
    figure: "argon2id verify alone p50 / p95",
    value: `${ms(login.argon2VerifyMs?.p50)} / ${ms(login.argon2VerifyMs?.p95)}`,
  });
  bars.push({ label: "POST /api/login", p95: login.loginMs?.p95 });
  ratios.push(
    `Login vs bare argon2 verify (p50): **${num(login.ratioLoginToVerifyP50, 2)}×** — the password hash dominates a sign-in.`,
  );
}
const routes = read("routes");
const routeTable: string[] = [];
if (routes) {
  routeTable.push(
    `## Signed-in routes against the prerendered ${routes.baseline.path} (${routes.baseline.rps} req/s on average, same server, same run${freshness(routes)})`,
    "",
    routes.rounds
      ? `${routes.connections} connections, ${routes.database}; /my-farm as the demo farmer, /ops as the demo staff, the rest as the demo shopper. Each route is measured in ${routes.rounds} slices of ${num(routes.seconds / routes.rounds, 1)} s, each right after a slice of the baseline (which moved between ${num(routes.baseline.min, 0)} and ${num(routes.baseline.max, 0)} req/s in this run, as a whole per route); its ratio is its requests over the baseline's in those slices, and the ratio of each pair shows the spread.`
      : `${routes.connections} connections, ${routes.seconds} s per route, ${routes.database}; /my-farm as the demo farmer, /ops as the demo staff, the rest as the demo shopper. Each route is measured right after a baseline of its own (the baseline moved between ${num(routes.baseline.min, 0)} and ${num(routes.baseline.max, 0)} req/s in this run), and its ratio is to that one.`,
    "",
    "| route | req/s | its baseline | ratio | goal | ratio by slice | p50 / p95 | non-2xx | bytes | server CPU / request |",
    "|---|---:|---:|---:|---:|---|---|---:|---:|---:|",
  );
  for (const r of routes.rows ?? []) {
    routeTable.push(
      `| \`${r.path}\` | ${num(r.rps, 0)} | ${num(r.baselineRps, 0)} | ${r.met ? "" : "**"}${num(r.ratio, 2)}×${r.met ? "" : "**"} | ${r.goal}× | ${(r.rounds ?? []).map((x: number) => num(x, 2)).join(", ") || "–"} | ${ms(r.p50)} / ${ms(r.p95)} | ${r.non2xx + r.errors} | ${num(r.bytes, 0)} | ${r.cpuMs == null ? "–" : `${num(r.cpuMs, 1)} ms`} |`,
    );
    bars.push({ label: `route ${r.path}`, p95: r.p95 });
  }
  routeTable.push(
    "",
    `Goals met: ${(routes.rows ?? []).filter((r: Json) => r.met).length} of ${(routes.rows ?? []).length} (bold: not met).${routes.baseline.cpuMs == null ? "" : ` The baseline costs ${num(routes.baseline.cpuMs, 1)} ms of server CPU per request.`}`,
    "",
  );
  if (routes.pageViews?.length) {
    routeTable.push(
      "### Whole page views",
      "",
      "The signed-in shells are prerendered and fill themselves from /api in the browser, so a page's request alone is not all it asks of the server. Here each page is replayed as everything Chromium requested to show it signed in (the document and its /api reads, recorded by bench/page-view.ts; not scripts, styles or images, nor the live message stream), one view after another on each connection, against the same baseline.",
      "",
      "| page | requests per view | views/s | ratio to the baseline | server CPU / view | p95 per request | non-2xx |",
      "|---|---|---:|---:|---:|---:|---:|",
    );
    for (const v of routes.pageViews) {
      routeTable.push(
        `| \`${v.path}\` | ${v.requests.length}: ${v.requests.map((r: string) => `\`${r}\``).join(", ")} | ${num(v.rps, 0)} | ${num(v.ratio, 2)}× | ${v.cpuMs == null ? "–" : `${num(v.cpuMs, 1)} ms`} | ${ms(v.p95)} | ${v.non2xx + v.errors} |`,
      );
    }
    routeTable.push("");
  }
}
const floor = read("floor");
if (floor) {
  routeTable.push(
    `## The framework's floor (bench/floor.ts${freshness(floor)})`,
    "",
    "A minimal Next app (150 plain cards, a ~95 KB page), a greeting read from a cookie and an API route answering that cookie as JSON, built as the app is and with Cache Components, each measured right after its prerendered twin `/static` on the same server. No page or /api read of ours can cost less than these.",
    "",
    "| build | page | bytes | req/s | ratio to `/static` (its req/s) | server CPU / request (`/static`) |",
    "|---|---|---:|---:|---:|---:|",
  );
  for (const b of floor.builds ?? []) {
    for (const r of b.rows ?? [])
      routeTable.push(
        `| ${b.build} | \`${r.page}\` | ${num(r.bytes, 0)} | ${num(r.rps, 0)} | ${num(r.ratio, 2)}×${r.baselineRps == null ? "" : ` (${num(r.baselineRps, 0)})`} | ${num(r.cpuMs, 1)} ms (${num(b.baseline.cpuMs, 1)} ms) |`,
      );
  }
  routeTable.push("");
}
const history = read("history");
if (history) {
  routeTable.push(
    `## A long history against the seed's size${freshness(history)}`,
    "",
    `The demo shopper at the seed's size and with ${num(history.history?.ledger, 0)} ledger rows, ${num(history.history?.orders, 0)} orders and ${num(history.history?.messages, 0)} messages, one server on each database, each route measured on both ${history.rounds ? `in ${history.rounds} slices of ${num(history.seconds / history.rounds, 0)} s each, seed and large alternately` : "back to back"} (${history.connections} connections, ${history.seconds} s in all per route and side). The lists are asked for pages the seed's shopper fills too, so both answers show as many rows. Cost: the server's CPU per request plus its database backends'; goal ≤ 1.3×.`,
    "",
    "| route | seed: req/s, CPU app + db, bytes | large: req/s, CPU app + db, bytes | cost large/seed | cost by slice | req/s seed/large |",
    "|---|---|---|---:|---|---:|",
  );
  const side = (m: Json) =>
    `${num(m.rps, 0)}, ${num(m.cpuMs, 1)} + ${num(m.dbCpuMs, 1)} ms, ${num(m.bytes, 0)}`;
  for (const r of history.rows ?? [])
    routeTable.push(
      `| \`${r.path}\` | ${side(r.seed)} | ${side(r.large)} | ${r.met ? "" : "**"}${num(r.costRatio, 2)}×${r.met ? "" : "**"} | ${(r.rounds ?? []).join(", ")} | ${num(r.rpsRatio, 2)}× |`,
    );
  routeTable.push(
    "",
    `Within 1.3×: ${(history.rows ?? []).filter((r: Json) => r.met).length} of ${(history.rows ?? []).length} (bold: not).`,
    "",
  );
}
const catalog = read("catalog");
if (catalog) {
  for (const r of catalog.rows ?? []) {
    rows.push({
      bench: "catalog" + freshness(catalog),
      figure: `${r.endpoint} at ${num(catalog.products?.small, 0)} → ${num(catalog.products?.large, 0)} products (p50 / p95, req/s)`,
      value: `${ms(r.small?.p50)} / ${ms(r.small?.p95)}, ${num(r.small?.rps, 0)} → ${ms(r.large?.p50)} / ${ms(r.large?.p95)}, ${num(r.large?.rps, 0)}`,
    });
    bars.push({ label: `catalog ${r.endpoint} (100k)`, p95: r.large?.p95 });
    ratios.push(
      `Catalog ${r.endpoint}: 100k/1k p50 **${num(r.p50Ratio, 2)}×** (goal ≤ 1.5), req/s 1k/100k ${num(r.rpsRatio, 2)}×; vs bare node:http p50 ${num(r.vsBareP50, 1)}×, req/s ${num(r.vsBareRps, 1)}×.`,
    );
  }
}
const messages = read("messages");
if (messages) {
  for (const r of messages.results ?? []) {
    rows.push({
      bench: "messages" + freshness(messages),
      figure: `send→receive over SSE, ${r.messages} msgs ${r.inFlight === 1 ? "one at a time" : `${r.inFlight} in flight`}, ${r.streams} streams, ${r.database} (p50 / p95; POST p50; lost)`,
      value: `${ms(r.latencyMs?.p50)} / ${ms(r.latencyMs?.p95)}; ${ms(r.postMs?.p50)}; ${r.lost} lost`,
    });
    bars.push({ label: `SSE delivery (${r.database})`, p95: r.latencyMs?.p95 });
  }
}
const wallet = read("wallet");
if (wallet) {
  for (const s of wallet.scenarios ?? []) {
    rows.push({
      bench: "wallet" + freshness(wallet),
      figure: `${s.name} at concurrency ${wallet.connections} (req/s; p50 / p99; non-2xx)`,
      value: `${num(s.rps)}/s; ${ms(s.latencyP50)} / ${ms(s.latencyP99)}; ${s.non2xx}`,
    });
  }
  rows.push({
    bench: "wallet",
    figure: "ledger invariants (balance = Σ ledger, exactly once per key)",
    value: wallet.ok ? "hold" : "**VIOLATED**",
  });
}
const standing = read("standing");
if (standing) {
  rows.push({
    bench: "standing" + freshness(standing),
    figure: `standing-order worker: ${num(standing.standingOrders, 0)} due at once, ${standing.workers} workers (occurrences/s; exactly once)`,
    value: `${num(standing.perSecond)}/s in ${num(standing.seconds, 2)} s; ${standing.exactlyOnce ? "yes" : "**NO**"}`,
  });
}
const shares = read("shares");
if (shares) {
  rows.push({
    bench: "shares" + freshness(shares),
    figure: `farm-share boxes: ${num(shares.members, 0)} members at one cutoff, ${shares.workers} workers (s; exactly once; goal ≤ ${shares.goalSeconds} s)`,
    value: `${num(shares.seconds, 2)} s (${num(shares.perSecond)}/s), goal ${shares.met ? "met" : "**not met**"}; ${shares.exactlyOnce ? "yes" : "**NO**"}`,
  });
}
const notifications = read("notifications");
if (notifications) {
  rows.push({
    bench: "notifications" + freshness(notifications),
    figure: `email sender: ${num(notifications.notifications, 0)} queued, ${notifications.senders} senders, local smtp-server (emails/s; exactly once)`,
    value: `${num(notifications.perSecond)}/s in ${num(notifications.seconds, 2)} s; ${notifications.exactlyOnce ? "yes" : "**NO**"}`,
  });
}
const payments = read("payments");
if (payments) {
  rows.push({
    bench: "payments" + freshness(payments),
    figure: `Stripe webhooks on one wallet: ${num(payments.deliveries, 0)} deliveries (each top-up twice), concurrency ${payments.concurrency} (credited/s; double credits; goal ≥ 300/s)`,
    value: `${num(payments.webhooksPerSecond)}/s; ${payments.doubleCredits} double${payments.webhooksOk ? "" : " **VIOLATED**"}`,
  });
  rows.push({
    bench: "payments" + freshness(payments),
    figure: `payout run for ${num(payments.farms, 0)} farms, 2 workers racing (s; one payout per farm; goal ≤ 10 s)`,
    value: `${num(payments.payoutSeconds, 2)} s; ${payments.payoutsOk ? "yes" : "**NO**"}`,
  });
}
const load = read("load");
if (load) {
  if (load.arrival)
    rows.push({
      bench: "load" + freshness(load),
      figure: `${load.arrival.users} users arriving at once, each waiting for its first answer before the measured window: all in, first answers p50 / max`,
      value: `${num(load.arrival.seconds)} s, ${ms(load.arrival.firstAnswer.p50)} / ${ms(load.arrival.firstAnswer.max)}, ${load.arrival.failed} failed`,
    });
  rows.push({
    bench: "load" + freshness(load),
    figure: `${load.virtualUsers} virtual users × ${load.seconds} s, all of them in: requests, req/s, error rate`,
    value: `${num(load.totalRequests, 0)}, ${num(load.rps)}/s, ${(load.errorRate * 100).toFixed(2)} %`,
  });
  for (const e of load.endpoints ?? []) {
    rows.push({
      bench: "load",
      figure: `${e.name} (${e.connections} VUs): p50 / p95, req/s, non-2xx`,
      value: `${ms(e.p50)} / ${ms(e.p95)}, ${num(e.rps)}/s, ${e.non2xx + e.errors + e.timeouts}`,
    });
    bars.push({ label: `load ${e.name}`, p95: e.p95 });
  }
  rows.push({
    bench: "load",
    figure: "wallets whose balance ≠ Σ ledger afterwards",
    value: `${load.ledger?.walletsOutOfBalance} of ${load.ledger?.wallets}`,
  });
}
const fault = read("fault");
if (fault) {
  rows.push({
    bench: "fault" + freshness(fault),
    figure: "PostgreSQL restart mid-load: outage seen by clients, recovered without app restart",
    value: `${num(fault.outageSeconds)} s, ${fault.recovered ? "recovered" : "**NOT recovered**"}`,
  });
  rows.push({
    bench: "fault",
    figure: "answers during the fault: 2xx / 503-with-message / other",
    value: `${fault.answers?.ok} / ${fault.answers?.unavailable} / ${fault.answers?.other}`,
  });
  rows.push({
    bench: "fault",
    figure: "waitlist 201s in DB / in emulator sheet exactly once; ledger",
    value: `${fault.lost?.missingInDb === 0 ? "all" : `${fault.lost?.missingInDb} missing`} / ${fault.lost?.sheetExactlyOnce ? "yes" : "**no**"}; ${fault.ledger?.walletsOutOfBalance === 0 ? "holds" : "**VIOLATED**"}`,
  });
}
const lighthouses = ["mobile", "desktop", "mobile-signed-in"]
  .map((name) => read(`lighthouse-${name}`))
  .filter(Boolean);

function svgChart(data: { label: string; p95: number }[]): string {
  const items = data.filter((d) => Number.isFinite(d.p95));
  const max = Math.max(1, ...items.map((d) => d.p95));
  const rowH = 22;
  const labelW = 330;
  const barW = 420;
  const h = 40 + items.length * rowH;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const bars = items
    .map((d, i) => {
      const y = 30 + i * rowH;
      const w = Math.max(1, (d.p95 / max) * barW);
      return `<text x="${labelW - 6}" y="${y + 14}" text-anchor="end">${esc(d.label)}</text><rect x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 6}" fill="#2f7d32"/><text x="${labelW + w + 4}" y="${y + 14}">${esc(ms(d.p95))}</text>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelW + barW + 90}" height="${h}" font-family="sans-serif" font-size="12" role="img" aria-label="p95 latency per endpoint">
<title>p95 latency per endpoint (ms)</title>
<text x="10" y="18" font-weight="bold">p95 latency per endpoint (ms, shorter is better)</text>
${bars}
</svg>
`;
}

fs.mkdirSync(outDir, { recursive: true });
// bench/out/ is git-ignored; the chart RESULTS.md shows sits next to it.
const chart = svgChart(bars);
fs.writeFileSync(path.join(outDir, "chart.svg"), chart);
fs.writeFileSync(path.join(root, "bench/chart.svg"), chart);

const md: string[] = [];
md.push("# Fieldfare bench results", "");
md.push(
  `Written by \`${atStart.command ?? "npm run bench"}\` (bench/run-all.ts) on ${started.toISOString().slice(0, 19).replace("T", " ")} UTC, in one uninterrupted run.${finished ? " A section marked “run again on its own” was measured by that bench alone after the run, and the report rewritten (`BENCH_REPORT_ONLY=1`)." : ""}`,
  "",
);
md.push("## Machine", "");
md.push(
  `- ${atStart.cpus} CPUs (${atStart.cpuModel}), ${atStart.memoryGb} GB memory, Node ${atStart.node}`,
);
md.push(
  `- Load average at start: ${atStart.loadavg.join(" / ")} (1 / 5 / 15 min) — a shared machine; absolute figures are noisy, ratios within one run are the meaningful part.`,
);
md.push(
  `- PostgreSQL on loopback; production build served by scripts/serve.ts; autocannon on loopback.`,
  "",
);
if (runs.length) {
  md.push("## Runs", "", "| bench | status | seconds | note |", "|---|---|---:|---|");
  for (const r of runs) md.push(`| ${r.name} | ${r.status} | ${r.seconds} | ${r.note ?? ""} |`);
  md.push("");
}
md.push("## Headline figures", "", "| bench | figure | value |", "|---|---|---|");
for (const r of rows) md.push(`| ${r.bench} | ${r.figure} | ${r.value} |`);
md.push("");
md.push(...routeTable);
md.push("## Ratios", "");
for (const r of ratios) md.push(`- ${r}`);
md.push("");
for (const lighthouse of lighthouses) {
  md.push(
    `## Lighthouse (${lighthouse.preset} preset${lighthouse.signedIn ? ", signed in as the demo shopper" : ""}, median of ${lighthouse.runs} runs per page${freshness(lighthouse)})`,
    "",
    "| page | performance | accessibility | best practices | SEO | LCP | TBT | JS transferred |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const p of lighthouse.results ?? [])
    md.push(
      `| ${p.floor ? `*${p.path}: the baseline*` : p.path} | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores["best-practices"]} | ${p.scores.seo} | ${ms(p.metrics?.lcpMs)} | ${ms(p.metrics?.tbtMs)} | ${num(p.jsTransferBytes / 1024, 0)} KB |`,
    );
  md.push("");
}
md.push("## p95 latency per endpoint", "", "![p95 latency per endpoint](chart.svg)", "");
md.push(
  "Figures marked “(from …)” come from an earlier run of that bench (this run did not produce them).",
  "",
);
fs.writeFileSync(path.join(root, "bench/RESULTS.md"), md.join("\n"));
console.log(`\nbench/RESULTS.md written (${runs.map((r) => `${r.name}: ${r.status}`).join(", ")})`);
if (runs.some((r) => r.status !== "ok")) process.exitCode = 1;
