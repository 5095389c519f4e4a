/**
 * `npm run db:migrate`: apply the migration history (`prisma migrate deploy`) to DATABASE_URL
 * (default: embedded PGlite in ./.data/pglite). Also used by scripts/start.ts via `migrate()`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { schemaEngineFor } from "./schema-engine/select";

const root = path.resolve(import.meta.dirname, "..");
export const DEFAULT_DATABASE_URL = "pglite:./.data/pglite";

export interface MigrateResult {
  kind: "pglite" | "postgres";
  /** Human-readable target without credentials, e.g. `PGlite at ./.data/pglite`. */
  target: string;
  applied: string[];
  ms: number;
}

/** Where the migrations go, never echoing a password. */
export function describeDatabase(url: string): { kind: MigrateResult["kind"]; target: string } {
  if (url.startsWith("pglite:")) {
    const dir = url.slice("pglite:".length);
    return {
      kind: "pglite",
      target: dir === "" || dir === "memory" ? "PGlite (in memory)" : `PGlite at ${dir}`,
    };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const u = new URL(url);
    return {
      kind: "postgres",
      target: `PostgreSQL at ${u.hostname}:${u.port || "5432"}${u.pathname}`,
    };
  }
  throw new Error(
    `DATABASE_URL must start with postgres:// or pglite: (got "${url.split(":")[0]}:")`,
  );
}

/** Names of the migrations `prisma migrate deploy` reports as applied (its tree output: `└─ <name>/`). */
export function appliedMigrationNames(output: string): string[] {
  const start = output.indexOf("have been applied");
  if (start < 0) return [];
  return [...output.slice(start).matchAll(/^\s*└─ ([^/\s]+)\/\s*$/gm)]
    .map((m) => m[1])
    .filter((name) => name !== "migrations");
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Applies pending migrations; throws (with Prisma's output) when `migrate deploy` fails. */
export async function migrate(
  databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  opts: { quiet?: boolean } = {},
): Promise<MigrateResult> {
  const log = opts.quiet ? () => {} : (line: string) => process.stdout.write(line + "\n");
  const { kind, target } = describeDatabase(databaseUrl);
  const wasm = schemaEngineFor(root);
  log(`Migrating ${target}${wasm ? " (offline wasm schema engine)" : ""}…`);
  const started = Date.now();
  const { code, output } = await run(["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  });
  const ms = Date.now() - started;
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`prisma migrate deploy failed for ${target} (exit ${code})`);
  }
  const applied = appliedMigrationNames(output);
  const seconds = (ms / 1000).toFixed(1);
  if (applied.length === 0) log(`Database is up to date, no pending migrations (${seconds} s).`);
  else
    log(
      `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} in ${seconds} s: ${applied.join(", ")}`,
    );
  return { kind, target, applied, ms };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  migrate().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
