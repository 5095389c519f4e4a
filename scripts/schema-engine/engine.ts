import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type {
  CreateMigrationInput,
  DiffTarget,
  MigrationList,
  SchemaEngine,
} from "@prisma/schema-engine-wasm";
import {
  openDatabase,
  postgresConnectError,
  runDatabaseCommand,
  databaseKind,
  type EngineDatabase,
} from "./adapters";
import {
  ENGINE_ERROR_CODE,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  isRequest,
  type JsonRpcId,
  type JsonRpcResponse,
  type PrintRequest,
  type RpcMethodName,
  type RpcMethods,
} from "./rpc";
import { newSchemaEngine, takeLastPanic, type Datamodels } from "./wasm";

/**
 * A stand-in for Prisma's native `schema-engine` binary, for machines that could not download it
 * (offline installs). Same command line and stdio JSON-RPC as the binary, answered by
 * @prisma/schema-engine-wasm through a driver adapter (PGlite in-process, PostgreSQL via adapter-pg).
 *
 * What it cannot do like the native engine: the wasm engine cannot build a migration or judge data
 * loss against a shadow database by itself, so `createMigration` and `evaluateDataLoss` are rebuilt
 * from `diff(migrations → schema)`. Consequently `prisma migrate dev` prints NO data-loss warnings
 * (dropped columns/tables, added required columns without default, …) before applying a migration,
 * and cannot list "unexecutable" steps; review generated SQL (`migrate dev --create-only`) instead.
 */

export const ENGINE_VERSION = "fieldfare-schema-engine-wasm";

export interface EngineArgs {
  datamodels: string[];
  url: string;
  shadowDatabaseUrl?: string;
  /** `schema-engine cli <command>`: can-connect-to-database | create-database | drop-database */
  cliCommand?: string;
  version: boolean;
}

/** The native binary's flags: `--datamodels <path>…`, `--datasource <json>`, `cli <command>`, `--version`. */
export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): EngineArgs {
  const datamodels: string[] = [];
  let datasource: { url?: unknown; shadowDatabaseUrl?: unknown } = {};
  let cliCommand: string | undefined;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--datamodels") datamodels.push(argv[++i]);
    else if (arg === "--datasource") datasource = JSON.parse(argv[++i]) as typeof datasource;
    else if (arg === "--enabled-preview-features" || arg === "--extension-types") i++;
    else if (arg === "--version" || arg === "-V") version = true;
    else if (arg === "cli") cliCommand = argv[++i];
  }
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  return {
    datamodels,
    url: str(datasource.url) ?? env.DATABASE_URL ?? "",
    shadowDatabaseUrl: str(datasource.shadowDatabaseUrl) ?? str(env.SHADOW_DATABASE_URL),
    cliCommand,
    version,
  };
}

/** `{ tag: "migrations" }` for a non-empty history, `{ tag: "empty" }` otherwise (the engine rejects an empty migrations list as a source). */
export function migrationsTarget(list: MigrationList): DiffTarget {
  return list.migrationDirectories.length > 0 ? { tag: "migrations", ...list } : { tag: "empty" };
}

/** `20261122093015` — the native engine's migration name prefix (UTC). */
export function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export interface EngineError {
  message: string;
  errorCode?: string;
  meta?: unknown;
  isPanic: boolean;
}

/** Errors from the wasm engine carry the Prisma code (P3005, P3018, …) the CLI's messages depend on. */
export function toEngineError(error: unknown): EngineError {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown;
    code?: unknown;
    meta?: unknown;
  };
  const panic = takeLastPanic();
  const message = panic ?? (typeof e.message === "string" ? e.message : String(error));
  const errorCode = typeof e.code === "string" && /^P\d{4}$/.test(e.code) ? e.code : undefined;
  return {
    message,
    errorCode,
    meta: e.meta,
    isPanic: panic !== undefined || /unreachable/.test(message),
  };
}

type Send = (message: JsonRpcResponse | PrintRequest) => void;

/** The RPC methods, in native-engine semantics, on top of the wasm engine. */
export function createMethods(engine: SchemaEngine, send: Send): RpcMethods {
  let printId = 1_000_000;
  const diffToSchema = async (
    p: Pick<CreateMigrationInput, "migrationsList" | "schema" | "filters">,
  ) =>
    engine.diff({
      from: migrationsTarget(p.migrationsList),
      to: { tag: "schemaDatamodel", files: p.schema.files },
      script: true,
      exitCode: true,
      filters: p.filters,
    });

  return {
    applyMigrations: (p) => engine.applyMigrations(p),
    async createMigration(p) {
      // The wasm engine's createMigration needs a shadow database it cannot make: diff instead.
      const r = await diffToSchema(p);
      return {
        connectorType: "postgresql",
        generatedMigrationName: `${migrationTimestamp(new Date())}_${p.migrationName}`,
        extension: "sql",
        migrationScript: r.exitCode === 2 || p.draft ? (r.stdout ?? "") : null,
      };
    },
    async dbExecute(p) {
      await engine.dbExecute(p);
      return {};
    },
    async devDiagnostic(p) {
      // Without a shadow database: reset only for history problems visible from the migrations table.
      const d = await engine.diagnoseMigrationHistory({
        migrationsList: p.migrationsList,
        optInToShadowDatabase: false,
        filters: p.filters,
      });
      const diverged =
        d.history?.diagnostic === "historiesDiverge" ||
        d.history?.diagnostic === "migrationsDirectoryIsBehind";
      if (d.failedMigrationNames.length || d.editedMigrationNames.length || diverged) {
        const reasons = [
          ...d.failedMigrationNames.map((n) => `The migration \`${n}\` failed.`),
          ...d.editedMigrationNames.map(
            (n) => `The migration \`${n}\` was modified after it was applied.`,
          ),
          ...(diverged
            ? [
                "The migrations recorded in the database diverge from the local migrations directory.",
              ]
            : []),
        ];
        return { action: { tag: "reset", reason: reasons.join("\n") } };
      }
      return { action: { tag: "createMigration" } };
    },
    diagnoseMigrationHistory: (p) => engine.diagnoseMigrationHistory(p),
    async diff(p) {
      // The native engine hands diff output to the CLI through a `print` request.
      const r = await engine.diff(p);
      if (r.stdout)
        send({ jsonrpc: "2.0", id: printId++, method: "print", params: { content: r.stdout } });
      return { exitCode: r.exitCode };
    },
    ensureConnectionValidity: (p) => engine.ensureConnectionValidity(p),
    async evaluateDataLoss(p) {
      // Needs a shadow database in the wasm engine too: report whether there is anything to migrate, no warnings.
      const r = await diffToSchema(p);
      return { migrationSteps: r.exitCode === 2 ? 1 : 0, unexecutableSteps: [], warnings: [] };
    },
    getDatabaseVersion: () => engine.version(),
    introspect: (p) => engine.introspect(p),
    markMigrationApplied: (p) => engine.markMigrationApplied(p),
    markMigrationRolledBack: (p) => engine.markMigrationRolledBack(p),
    async reset(p) {
      await engine.reset(p);
      return {};
    },
    schemaPush: (p) => engine.schemaPush(p),
    version: async () => ENGINE_VERSION,
  };
}

function isMethod(methods: RpcMethods, name: string): name is RpcMethodName {
  return Object.hasOwn(methods, name);
}

/** Answers one line of input; undefined for notifications and replies to our own `print` requests. */
export async function handleLine(
  methods: RpcMethods,
  line: string,
): Promise<JsonRpcResponse | undefined> {
  if (!line.trim()) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return {
      jsonrpc: "2.0",
      id: 0,
      error: {
        code: PARSE_ERROR,
        message: "Parse error",
        data: { is_panic: false, message: "invalid JSON" },
      },
    };
  }
  if (!isRequest(message)) return undefined;
  const id: JsonRpcId = message.id;
  if (!isMethod(methods, message.method)) {
    const text = `method ${message.method} is not supported by the wasm schema engine`;
    return {
      jsonrpc: "2.0",
      id,
      error: { code: METHOD_NOT_FOUND, message: text, data: { is_panic: false, message: text } },
    };
  }
  try {
    const method = methods[message.method] as (params: unknown) => Promise<unknown>;
    const result = await method(message.params ?? {});
    return { jsonrpc: "2.0", id, result: result ?? {} };
  } catch (error) {
    const e = toEngineError(error);
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: ENGINE_ERROR_CODE,
        message: "An error happened. Check the data field for details.",
        data: { is_panic: e.isPanic, message: e.message, error_code: e.errorCode, meta: e.meta },
      },
    };
  }
}

/** A log line in the native engine's stderr format (the CLI reads `fields.error_code`/`fields.message`). */
function logError(message: string, errorCode?: string): void {
  process.stderr.write(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level: "ERROR",
      fields: { message, error_code: errorCode },
      target: "schema_engine::logger",
    }) + "\n",
  );
}

async function runCli(args: EngineArgs): Promise<number> {
  // The CLI skips the first stderr line and parses the rest as JSON log lines.
  process.stderr.write(
    JSON.stringify({
      level: "INFO",
      fields: { message: `Starting ${ENGINE_VERSION}` },
      target: "schema_engine::logger",
    }) + "\n",
  );
  try {
    const out = await runDatabaseCommand(args.url, args.cliCommand ?? "");
    if (out) process.stdout.write(out + "\n");
    return 0;
  } catch (error) {
    const e =
      databaseKind(args.url) === "postgres"
        ? postgresConnectError(args.url, error)
        : { message: toEngineError(error).message };
    logError(e.message, e.code);
    return 1;
  }
}

async function serve(args: EngineArgs): Promise<number> {
  const datamodels: Datamodels = args.datamodels.map((p) => [
    path.resolve(p),
    fs.readFileSync(p, "utf8"),
  ]);
  let database: EngineDatabase | undefined;
  let engine: SchemaEngine | undefined;
  const send: Send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
  try {
    database = openDatabase(args.url, args.shadowDatabaseUrl);
    engine = await newSchemaEngine(datamodels.length ? datamodels : undefined, database.factory);
    const methods = createMethods(engine, send);
    const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    // One request at a time, in order, like the native engine.
    for await (const line of rl) {
      const response = await handleLine(methods, line);
      if (response) send(response);
    }
    return 0;
  } finally {
    engine?.free();
    await database?.close();
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.version) {
    process.stdout.write(`schema-engine-cli ${ENGINE_VERSION}\n`);
    return 0;
  }
  return args.cliCommand ? runCli(args) : serve(args);
}
