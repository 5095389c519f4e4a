/**
 * CPU profiles and PostgreSQL statement logs, read for bench/profile.ts (pages and reads) and
 * bench/wallet.ts (WALLET_PROFILE=1: the money paths): a `node --cpu-prof` profile summed by
 * function and by package (next, react-dom, prisma, pg, our code) over a time window, and the
 * statements PostgreSQL logged (`log_statement = all`) between two offsets of its log.
 */
import fs from "node:fs";
import path from "node:path";
import { round } from "./harness";

export const TOP = Number(process.env.PROFILE_TOP ?? 15);
export const PG_LOG = process.env.PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";

export type CallFrame = { functionName: string; url: string; lineNumber: number };
export type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

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
  if (chunk)
    return chunk[2].includes("chunks") ? "app bundle (server chunks)" : "app bundle (routes)";
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

/** Self and inclusive milliseconds by function+url and self milliseconds by area. */
export function summarizeProfile(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number } | null,
  top = TOP,
) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
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
    const a =
      name === "(garbage collector)"
        ? "(garbage collector)"
        : name === "(program)"
          ? "(program)"
          : area(node.callFrame.url);
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
  return {
    busyMs: round(total),
    idleMs: round(idle),
    areas: rows(areas, 20),
    self: rows(self, top),
    inclusive: rows(inclusive, top * 2),
  };
}

/**
 * The main thread's profile in `dir` summed over each load's window (`performance.now()` times).
 * The profile ends when the server exits, at `stoppedAt`: a window lies that far before its end.
 * Null for each when there is no profile.
 */
export function summarizeLoads(
  dir: string,
  stoppedAt: number,
  loads: { startedAt: number; endedAt: number }[],
) {
  const profile = mainProfile(dir);
  return loads.map((w) =>
    profile
      ? summarizeProfile(profile, {
          fromUs: profile.endTime - (stoppedAt - w.startedAt) * 1000,
          toUs: profile.endTime - (stoppedAt - w.endedAt) * 1000,
        })
      : null,
  );
}

/** Prints a summary: the first `areas` areas, then the TOP self and 2×TOP inclusive functions. */
export function printSummary(summary: ReturnType<typeof summarizeProfile>, areas: number): void {
  for (const a of summary.areas.slice(0, areas))
    console.log(`  area ${String(a.share).padStart(5)}%  ${a.fn}`);
  for (const x of summary.self.slice(0, TOP))
    console.log(`  self ${String(x.share).padStart(5)}%  ${x.fn}`);
  for (const x of summary.inclusive.slice(0, TOP * 2))
    console.log(`  incl ${String(x.share).padStart(5)}%  ${x.fn}`);
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) return url.slice(nm + 13);
  const i = url.indexOf("/server/");
  return i >= 0 ? url.slice(i + 8) : url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

/** Statements PostgreSQL logged for this database between two byte offsets of its log. */
export function statementsSince(offset: number): string[] {
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

export const canReadLog = (() => {
  try {
    fs.accessSync(PG_LOG, fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
})();

/** The main thread's profile in a --cpu-prof-dir (the largest file; the other one is tsx's loader thread). */
export function mainProfile(dir: string): CpuProfile | null {
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0];
  return file ? (JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile) : null;
}

/** Statement counts, most frequent first, as "N× text" per request. */
export function statementSample(statements: string[], requests: number): string[] {
  const counts = new Map<string, number>();
  for (const s of statements) {
    const k = s.replace(/\s+/g, " ").slice(0, 140);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${round(n / requests)}× ${k}`);
}

/**
 * The statements PostgreSQL logs while `send(0)` … `send(requests - 1)` run one after another: how
 * many per request, and the most frequent (see statementSample). Needs `canReadLog`.
 */
export async function statementsPerRequest(
  requests: number,
  send: (i: number) => Promise<unknown>,
): Promise<{ perRequest: number; sample: string[] }> {
  const offset = fs.statSync(PG_LOG).size;
  for (let i = 0; i < requests; i++) await send(i);
  // The log is written by another process: give it a moment to flush.
  await new Promise((r) => setTimeout(r, 300));
  const statements = statementsSince(offset);
  return {
    perRequest: statements.length / requests,
    sample: statementSample(statements, requests),
  };
}
