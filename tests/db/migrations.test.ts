import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { chooseSchemaEngineBinary } from "@/scripts/schema-engine/select";
import { migrate } from "@/scripts/migrate";
import { adminQuery, baseUrl, onPostgres, uniqueDbName, withDatabase } from "../support/pg";

/**
 * The real Prisma CLI (`prisma migrate deploy|status|diff|dev`) on fresh, empty databases: a temp
 * PGlite folder and a new PostgreSQL database. On machines without Prisma's native schema engine
 * this runs through our wasm engine (scripts/schema-engine), otherwise through the native one.
 */
const repo = process.cwd();
const cli = path.join(repo, "node_modules/prisma/build/index.js");
const CLI_TIMEOUT = 600_000;

const engineBinary = chooseSchemaEngineBinary({
  env: process.env,
  enginesDirListing: fs.existsSync(path.join(repo, "node_modules/@prisma/engines"))
    ? fs.readdirSync(path.join(repo, "node_modules/@prisma/engines"))
    : undefined,
  projectRoot: repo,
});

const migrationNames = fs
  .readdirSync(path.join(repo, "prisma/migrations"))
  .filter((d) => fs.statSync(path.join(repo, "prisma/migrations", d)).isDirectory())
  .sort();

/** The server to create scratch databases on: the CI server (DATABASE_URL) or the local default. */
const pgServer = onPostgres ? baseUrl : "postgres://postgres@127.0.0.1:5432/postgres";
const pgReachable = await (async () => {
  const c = new pg.Client({
    connectionString: withDatabase(pgServer, "postgres"),
    connectionTimeoutMillis: 3000,
  });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
})();
/** Test title, stating why it is skipped when there is no server. */
const pgTitle = (title: string) =>
  pgReachable ? title : `${title} — skipped: no PostgreSQL reachable at ${new URL(pgServer).host}`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function prisma(args: string[], opts: { databaseUrl: string; cwd?: string }): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  };
  delete env.SHADOW_DATABASE_URL;
  // A temp project has no prisma.config.ts of ours to pick the engine: apply the same decision.
  if (engineBinary) env.PRISMA_SCHEMA_ENGINE_BINARY = engineBinary;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: opts.cwd ?? repo,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function ok(run: Run): Run {
  if (run.code !== 0) throw new Error(`prisma exited ${run.code}\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** Runs SQL against the database after the CLI has exited (a PGlite folder takes one process at a time). */
async function query<T>(databaseUrl: string, sql: string): Promise<T[]> {
  if (databaseUrl.startsWith("pglite:")) {
    const db = new PGlite(databaseUrl.slice("pglite:".length));
    try {
      return (await db.query<T>(sql)).rows;
    } finally {
      await db.close();
    }
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * Statements `migrate diff` reports between the migration history and schema.prisma that are known,
 * deliberate hand-edits Prisma's schema language cannot express. The init migration makes
 * Product.search `GENERATED ALWAYS AS (to_tsvector(…)) STORED`; Prisma reads that generation
 * expression as a column default the schema does not declare. (CHECK constraints are invisible to
 * Prisma and never show up.) Anything else in the diff is real drift.
 */
const KNOWN_HAND_EDITS: string[] = [];

function drift(script: string): string[] {
  return script
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("--") && !KNOWN_HAND_EDITS.includes(l));
}

const EXPECTED_TABLES = [
  "User",
  "Session",
  "Farm",
  "Category",
  "Product",
  "Order",
  "OrderItem",
  "Wallet",
  "Transaction",
  "_prisma_migrations",
];

async function expectFullyMigrated(databaseUrl: string) {
  const tables = await query<{ table_name: string }>(
    databaseUrl,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  const rows = await query<{
    migration_name: string;
    finished_at: Date | null;
    rolled_back_at: Date | null;
  }>(
    databaseUrl,
    "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
  );
  expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
  expect(rows.every((r) => r.finished_at !== null && r.rolled_back_at === null)).toBe(true);
  // The hand-written parts of the history are there: the generated search column and the wallet CHECK.
  const generated = await query<{ is_generated: string }>(
    databaseUrl,
    "SELECT is_generated FROM information_schema.columns WHERE table_name = 'Product' AND column_name = 'search'",
  );
  expect(generated).toEqual([{ is_generated: "ALWAYS" }]);
  const checks = await query<{ def: string }>(
    databaseUrl,
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = '"Wallet"'::regclass AND contype = 'c'`,
  );
  expect(checks.map((c) => c.def).join(" ")).toMatch(/balanceCents.*>= 0/);
}

async function deployTwiceAndCheck(databaseUrl: string) {
  const first = ok(await prisma(["migrate", "deploy"], { databaseUrl }));
  expect(first.stdout).toContain("All migrations have been successfully applied.");
  for (const name of migrationNames) expect(first.stdout).toContain(name);
  await expectFullyMigrated(databaseUrl);

  // Second deploy is a no-op (through scripts/migrate.ts, which `npm run db:migrate` / `npm start` use).
  const second = await migrate(databaseUrl, { quiet: true });
  expect(second.applied).toEqual([]);
  await expectFullyMigrated(databaseUrl);

  const status = ok(await prisma(["migrate", "status"], { databaseUrl }));
  expect(status.stdout).toContain("Database schema is up to date!");

  // The migration history produces exactly what schema.prisma describes (via a shadow database)…
  const fromHistory = ok(
    await prisma(
      [
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema",
        "prisma/schema.prisma",
        "--script",
      ],
      { databaseUrl },
    ),
  );
  expect(drift(fromHistory.stdout)).toEqual([]);
  // …and so does the database it migrated.
  const fromDb = ok(
    await prisma(
      [
        "migrate",
        "diff",
        "--from-config-datasource",
        "--to-schema",
        "prisma/schema.prisma",
        "--script",
      ],
      { databaseUrl },
    ),
  );
  expect(drift(fromDb.stdout)).toEqual([]);
}

/**
 * Until schema.prisma declares the generation expression of Product.search as its db default,
 * every `migrate dev` would add `ALTER COLUMN "search" DROP DEFAULT` to the new migration, which
 * PostgreSQL rejects for a generated column ("Use … DROP EXPRESSION instead"), with the native
 * engine as well. The temp copy carries that declaration (a no-op once schema.prisma has it).
 */
const SEARCH_FIELD = 'search      Unsupported("tsvector")?';
const SEARCH_EXPRESSION =
  "to_tsvector('english'::regconfig, ((COALESCE(name, ''::text) || ' '::text) || COALESCE(description, ''::text)))";
function withDeclaredSearchExpression(schema: string): string {
  if (schema.includes('@default(dbgenerated("to_tsvector(')) return schema;
  expect(schema).toContain(SEARCH_FIELD);
  return schema.replace(
    SEARCH_FIELD,
    `${SEARCH_FIELD} @default(dbgenerated("${SEARCH_EXPRESSION}"))`,
  );
}

/** A throwaway copy of prisma/ with its own config, so `migrate dev` never touches the repo's history. */
function tempProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-migrate-dev-"));
  fs.mkdirSync(path.join(dir, "prisma"));
  fs.writeFileSync(
    path.join(dir, "prisma/schema.prisma"),
    withDeclaredSearchExpression(fs.readFileSync(path.join(repo, "prisma/schema.prisma"), "utf8")),
  );
  fs.cpSync(path.join(repo, "prisma/migrations"), path.join(dir, "prisma/migrations"), {
    recursive: true,
  });
  // Plain object: the temp dir has no node_modules to resolve `prisma/config` from.
  fs.writeFileSync(
    path.join(dir, "prisma.config.ts"),
    'export default { schema: "prisma/schema.prisma", migrations: { path: "prisma/migrations" }, datasource: { url: process.env.DATABASE_URL } };\n',
  );
  return dir;
}

async function migrateDevRoundTrip(databaseUrl: string, dir: string) {
  // Fresh database: migrate dev applies the history (creating the PostgreSQL database if needed).
  const init = ok(await prisma(["migrate", "dev", "--name", "noop"], { databaseUrl, cwd: dir }));
  expect(init.stdout).toMatch(/in sync|have been applied/);
  // A schema change becomes a new migration, applied to the database.
  fs.appendFileSync(
    path.join(dir, "prisma/schema.prisma"),
    "\nmodel EngineProbe {\n  id   Int    @id @default(autoincrement())\n  note String\n}\n",
  );
  const created = ok(
    await prisma(["migrate", "dev", "--name", "engine_probe"], { databaseUrl, cwd: dir }),
  );
  expect(created.stdout).toContain("Your database is now in sync with your schema.");
  const newDirs = fs
    .readdirSync(path.join(dir, "prisma/migrations"))
    .filter((d) => d.endsWith("_engine_probe"));
  expect(newDirs).toHaveLength(1);
  expect(
    fs.readFileSync(path.join(dir, "prisma/migrations", newDirs[0], "migration.sql"), "utf8"),
  ).toContain('CREATE TABLE "EngineProbe"');
  const rows = await query<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "EngineProbe"`,
  );
  expect(rows).toEqual([{ n: 0 }]);
  // Nothing left to do afterwards.
  const again = ok(
    await prisma(["migrate", "dev", "--name", "nothing"], { databaseUrl, cwd: dir }),
  );
  expect(again.stdout).toContain("Already in sync");
  expect(
    fs.readdirSync(path.join(dir, "prisma/migrations")).filter((d) => d.endsWith("_nothing")),
  ).toEqual([]);
}

const tempDirs: string[] = [];
const pgDatabases: string[] = [];
afterAll(async () => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
  for (const name of pgDatabases)
    await adminQuery(pgServer, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe("prisma migrate on an empty PGlite folder", () => {
  it(
    "deploy applies every migration, twice is a no-op, status and diff show no drift",
    { timeout: CLI_TIMEOUT },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-pglite-"));
      tempDirs.push(dir);
      await deployTwiceAndCheck(`pglite:${path.join(dir, "nested/db")}`);
    },
  );

  it(
    "migrate dev creates and applies a migration for a schema change",
    { timeout: CLI_TIMEOUT },
    async () => {
      const dir = tempProject();
      tempDirs.push(dir);
      await migrateDevRoundTrip(`pglite:${path.join(dir, "db")}`, dir);
    },
  );
});

describe("prisma migrate on an empty PostgreSQL database", () => {
  it.skipIf(!pgReachable)(
    pgTitle("deploy applies every migration, twice is a no-op, status and diff show no drift"),
    { timeout: CLI_TIMEOUT },
    async () => {
      const name = uniqueDbName("ff_mig");
      pgDatabases.push(name);
      await adminQuery(pgServer, `CREATE DATABASE "${name}"`);
      await deployTwiceAndCheck(withDatabase(pgServer, name));
    },
  );

  it.skipIf(!pgReachable)(
    pgTitle("migrate dev creates the database, then a migration for a schema change"),
    { timeout: CLI_TIMEOUT },
    async () => {
      const dir = tempProject();
      tempDirs.push(dir);
      const name = uniqueDbName("ff_dev");
      pgDatabases.push(name); // migrate dev creates it (P1003 → create-database)
      await migrateDevRoundTrip(withDatabase(pgServer, name), dir);
    },
  );
});
