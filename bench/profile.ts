/**
 * Where the time goes: for each route of the speed budget, a production server of its own runs
 * under `node --cpu-prof`, autocannon loads that one route, and the CPU profile is summed by
 * function and by package (next, react-dom, prisma, pg, our code). PostgreSQL logs the bench
 * database's statements meanwhile (`log_statement = all` on that database only), so the queries
 * per request are counted from 20 sequential requests. Writes bench/out/profile.json and prints
 * a summary; docs/architecture.md ("Where the time goes") holds the findings.
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
import { writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const PG_LOG = process.env.PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const SEQUENTIAL = 20;

const DEFAULT_ROUTES = ["/pricing", "/home", "/wallet", "/orders", "/messages", "/api/orders", "/api/messages/chats", "/api/products/search?q=apple"];
const routes = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_ROUTES;

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The package (or our folder) a script URL belongs to. */
function area(url: string): string {
  if (!url) return "(native / idle / gc)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    const pkg = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (pkg === "next") {
      const file = rest.slice(1).join("/");
      if (file.includes("react-dom")) return "next (react-dom server)";
      if (file.includes("react-server-dom")) return "next (react-server-dom / RSC)";
      return "next";
    }
    return pkg;
  }
  const chunk = url.match(/\/(\.next[^/]*)\/server\/(.*)$/);
  if (chunk) return chunk[2].includes("chunks") ? "app bundle (server chunks)" : "app bundle (routes)";
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

/** Self and inclusive milliseconds by function+url and self milliseconds by area. */
export function summarizeProfile(profile: CpuProfile, window: { fromUs: number; toUs: number } | null, top = TOP) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(profile.samples[i])!;
    const name = node.callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      idle += name === "(idle)" ? ms : 0;
      if (name === "(idle)") continue;
    }
    total += ms;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    const a = name === "(garbage collector)" ? "(garbage collector)" : name === "(program)" ? "(program)" : area(node.callFrame.url);
    areas.set(a, (areas.get(a) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  }
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ fn: k, ms: round(v), share: round((100 * v) / (total || 1)) }));
  return { busyMs: round(total), idleMs: round(idle), areas: rows(areas, 20), self: rows(self, top), inclusive: rows(inclusive, top * 2) };
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) return url.slice(nm + 13);
  const i = url.indexOf("/server/");
  return i >= 0 ? url.slice(i + 8) : url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

/** Statements PostgreSQL logged for this database between two byte offsets of its log. */
function statementsSince(offset: number): string[] {
  const lines = fs.readFileSync(PG_LOG, "utf8").slice(offset).split("\n");
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (!/LOG:\s+(statement|execute [^:]*):/.test(l)) return;
    // A raw query's text may start on the next line.
    const text = l.replace(/^.*LOG:\s+(statement|execute [^:]*):\s*/, "");
    out.push(text || (lines[i + 1] ?? "").trim());
  });
  return out;
}

const canReadLog = (() => {
  try {
    fs.accessSync(PG_LOG, fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
})();

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
      const cookie = auth ? await login(app.url, "demo@fieldfare.app", "harvest-demo-2026") : "";
      const headers: Record<string, string> = cookie ? { cookie } : {};
      for (let i = 0; i < 3; i++) {
        const res = await fetch(app.url + route, { headers });
        if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
        await res.arrayBuffer();
      }
      if (canReadLog) {
        const offset = fs.statSync(PG_LOG).size;
        for (let i = 0; i < SEQUENTIAL; i++) await (await fetch(app.url + route, { headers })).arrayBuffer();
        // The log is written by another process: give it a moment to flush.
        await new Promise((r) => setTimeout(r, 300));
        const statements = statementsSince(offset);
        const counts = new Map<string, number>();
        for (const s of statements) {
          const k = s.replace(/\s+/g, " ").slice(0, 140);
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        queries = {
          perRequest: round(statements.length / SEQUENTIAL),
          sample: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${round(n / SEQUENTIAL)}× ${k}`),
        };
      }
      const r = await autocannon({ url: app.url + route, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 30 });
      loadEnded = performance.now();
      rps = round(r.requests.average);
    } finally {
      await app.stop();
    }
    // The profile ends when the server exits: keep only the samples of the load (startup and
    // module loading are not the cost of a request).
    const tail = (performance.now() - loadEnded) * 1000;
    // One profile per thread: the main thread's is the largest (the other is tsx's loader thread).
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0];
    const profile = file ? (JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile) : null;
    const summary = profile ? summarizeProfile(profile, { fromUs: profile.endTime - tail - SECONDS * 1e6, toUs: profile.endTime - tail }) : null;
    const requests = rps * SECONDS;
    results.push({ route, rps, queries, cpuMsPerRequest: summary && requests ? round(summary.busyMs / requests) : null, profile: summary });
    console.log(`\n=== ${route}: ${rps} req/s, ${queries?.perRequest ?? "?"} queries/request, ${summary && requests ? round(summary.busyMs / requests) : "?"} ms CPU/request`);
    if (queries) for (const q of queries.sample.slice(0, 12)) console.log(`  q ${q}`);
    if (summary) {
      for (const a of summary.areas.slice(0, 12)) console.log(`  area ${String(a.share).padStart(5)}%  ${a.fn}`);
      for (const s of summary.self.slice(0, TOP)) console.log(`  self ${String(s.share).padStart(5)}%  ${s.fn}`);
      for (const s of summary.inclusive.slice(0, TOP * 2)) console.log(`  incl ${String(s.share).padStart(5)}%  ${s.fn}`);
    }
  }
  writeResult("profile", { seconds: SECONDS, connections: CONNECTIONS, routes: results });
} finally {
  await admin.end();
  await database.drop();
  console.log(`profiles kept in ${profDir}`);
}
