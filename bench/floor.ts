/**
 * The framework's floor: what one request costs Next itself, with nothing of ours in it. A
 * minimal app (bench/floor/: one layout, 150 plain server-rendered cards (a ~95 KB page), a greeting read from a cookie) is
 * built twice, as the app is today and with Cache Components (partial prerendering), and served by
 * `next start`. Each page is loaded by autocannon (10 connections) and its server CPU per request
 * read from /proc, next to the prerendered page of the same server:
 *   /static   prerendered (the baseline of bench/routes.ts is this kind of page);
 *   /minimal  the smallest page that reads anything per request (the greeting alone);
 *   /dynamic  everything rendered per request, as every signed-in page of the app is;
 *   /partial  the same markup with only the greeting per request: with Cache Components the rest
 *             is the prerendered shell and only the greeting is rendered (resumed) per request;
 *   /api/hello the smallest route handler that reads anything per request (the cookie, as JSON):
 *             what any /api read of the app costs at least.
 * bench/JOURNAL.md reads the figures. Writes bench/out/floor.json.
 *
 *   node --import tsx bench/floor.ts
 * Env: BENCH_SECONDS (per page, default 5), BENCH_CONNECTIONS (default 10).
 */
import { autocannon, startFloorApp } from "./harness";
import { processCpuMs, writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const builds = [
  { name: "rendered per request (today)", distDir: ".next-floor", ppr: false },
  { name: "Cache Components (partial prerendering)", distDir: ".next-floor-ppr", ppr: true },
];

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function measure(pid: number, url: string) {
  const headers = { cookie: "name=Jordan" };
  // Warm up: the first requests compile and fill caches.
  for (let i = 0; i < 30; i++) await (await fetch(url, { headers })).arrayBuffer();
  const body = await (await fetch(url, { headers })).text();
  const before = processCpuMs(pid) ?? NaN;
  let requests = 0;
  let non2xx = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  instance.on("response", (_c, status) => {
    requests++;
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  return {
    rps: round(result.requests.average),
    cpuMs: round(((processCpuMs(pid) ?? NaN) - before) / requests, 2),
    bytes: Buffer.byteLength(body),
    personal: body.includes("Jordan"),
    non2xx,
  };
}

const results = [];
for (const build of builds) {
  console.log(`floor: building ${build.name}`);
  const server = await startFloorApp({ distDir: build.distDir, ppr: build.ppr, rebuild: true });
  try {
    const base = server.url;
    const pages: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    // Each page right after a baseline of its own (this machine's speed drifts by the minute);
    // its ratio is to that baseline.
    const baselines: Awaited<ReturnType<typeof measure>>[] = [];
    for (const page of ["/minimal", "/dynamic", "/partial", "/api/hello"]) {
      baselines.push(await measure(server.pid, `${base}/static`));
      pages[page] = await measure(server.pid, base + page);
    }
    const mean = (f: (m: Awaited<ReturnType<typeof measure>>) => number) =>
      baselines.reduce((n, b) => n + f(b), 0) / baselines.length;
    const baseline = {
      rps: round(mean((b) => b.rps)),
      cpuMs: round(
        mean((b) => b.cpuMs),
        2,
      ),
      bytes: baselines[0].bytes,
    };
    const rows = Object.entries(pages).map(([page, m], i) => ({
      page,
      ...m,
      baselineRps: baselines[i].rps,
      ratio: round(m.rps / baselines[i].rps, 2),
      cpuRatio: round(baselines[i].cpuMs / m.cpuMs, 2),
    }));
    for (const r of rows)
      console.log(
        `floor: ${build.name}: ${r.page} ${r.rps} req/s (${r.ratio}× of /static at ${r.baselineRps}), ${r.cpuMs} ms CPU (/static ${baseline.cpuMs}), ${r.bytes} B, personal ${r.personal}`,
      );
    results.push({ build: build.name, cacheComponents: build.ppr, baseline, rows });
  } finally {
    server.stop();
  }
}
writeResult("floor", {
  seconds: SECONDS,
  connections: CONNECTIONS,
  node: process.version,
  builds: results,
});
