/**
 * Shared bench plumbing: a fresh database per bench (PostgreSQL when BENCH_DATABASE_URL or
 * DATABASE_URL is postgres://, else an in-memory PGlite), percentiles, a progress bar, and JSON
 * output under bench/out/ that bench/run-all.ts folds into bench/RESULTS.md.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { db as Db } from "@/lib/server/platform/db";
import { migrationSql } from "../tests/support/migrations";

/** The migration history as one SQL script (for in-process in-memory PGlite benches). */
export { migrationSql };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1],
  };
}

export function progress(label: string, done: number, total: number) {
  // Off a terminal (CI logs), print only every 25 %.
  if (!process.stdout.isTTY) {
    const step = Math.max(1, Math.floor(total / 4));
    if (done % step === 0 || done === total) console.log(`${label}: ${done}/${total}`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(
    `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}${done === total ? "\n" : ""}`,
  );
}

export function writeResult(name: string, data: unknown) {
  const dir = path.resolve("bench/out");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), ...(data as object) }, null, 2),
  );
}

/** Writes the result, and fails the run (exit code 1, which run-all.ts reports) unless `ok`. */
export function writeVerdict(name: string, ok: boolean, data: unknown) {
  writeResult(name, data);
  if (!ok) process.exitCode = 1;
}

/** Creates a fresh PostgreSQL database (returns its URL and a drop function), or null without PostgreSQL. */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  if (!/^postgres/.test(base)) return null;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  try {
    await c.connect();
  } catch {
    return null;
  }
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(base);
  u.pathname = "/" + name;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    },
  };
}

/**
 * For benches that import lib/server directly: a fresh PostgreSQL database with every migration,
 * made this process's DATABASE_URL (and an AUTH_SECRET), before lib/server is imported. Exits 2
 * with `script` named when there is no PostgreSQL.
 */
export async function migratedPostgres(
  prefix: string,
  script: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await freshPostgres(prefix);
  if (!database) {
    console.error(`${script} needs PostgreSQL (DATABASE_URL=postgres://…)`);
    process.exit(2);
  }
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  await c.query(migrationSql());
  await c.end();
  return database;
}

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc (Linux; null
 * elsewhere). Per request it is steadier than req/s on a shared machine: other work slows the
 * server down but does not make its requests cost more CPU.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/**
 * Server code (lib/server) imports "server-only", which only resolves under the react-server
 * condition: outside it, runs this script again under it (with `env` added) and exits with its
 * status.
 */
export function rerunUnderReactServer(env: Record<string, string>) {
  if (process.execArgv.some((a) => a.includes("react-server"))) return;
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", ...process.argv.slice(1)],
    { stdio: "inherit", env: { ...process.env, ...env } },
  );
  process.exit(r.status ?? 1);
}

/** The benches' farm: its farmer, the farm and one product (salad greens, $4.50/lb) with `stock`. */
export async function createBenchFarm(db: typeof Db, stock: number) {
  const farmer = await db.user.create({
    data: {
      email: "farmer@bench.test",
      fullName: "Bench Farmer",
      passwordHash: "x",
      userType: "farmer",
    },
  });
  const farm = await db.farm.create({
    data: { userId: farmer.id, farmName: "Bench Farm", location: "Kelowna" },
  });
  const product = await db.product.create({
    data: {
      farmId: farm.id,
      name: "Salad greens",
      priceCents: 450,
      unit: "lb",
      stock,
      inStock: true,
    },
  });
  return { farmer, farm, product };
}
