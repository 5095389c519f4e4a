import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SchemaEngine, MigrationList } from "@prisma/schema-engine-wasm";
import {
  chooseSchemaEngineBinary,
  hasNativeSchemaEngine,
  WASM_ENGINE_LAUNCHER,
} from "@/scripts/schema-engine/select";
import {
  createMethods,
  handleLine,
  migrationTimestamp,
  migrationsTarget,
  parseArgs,
} from "@/scripts/schema-engine/engine";
import {
  databaseKind,
  openDatabase,
  pgliteDataDir,
  postgresConnectError,
  type EngineDatabase,
} from "@/scripts/schema-engine/adapters";
import { newSchemaEngine } from "@/scripts/schema-engine/wasm";
import type { JsonRpcFailure, JsonRpcSuccess, PrintRequest } from "@/scripts/schema-engine/rpc";
import { appliedMigrationNames, describeDatabase } from "@/scripts/migrate";
import fs from "node:fs";

const root = "/repo";

describe("which schema engine Prisma runs", () => {
  it("keeps Prisma's native engine when node_modules/@prisma/engines has one", () => {
    for (const listing of [
      ["schema-engine"],
      ["LICENSE", "schema-engine-debian-openssl-3.0.x"],
      ["schema-engine.exe"],
    ]) {
      expect(
        chooseSchemaEngineBinary({ env: {}, enginesDirListing: listing, projectRoot: root }),
      ).toBeUndefined();
    }
  });

  it("never overrides a PRISMA_SCHEMA_ENGINE_BINARY the user set", () => {
    const env = { PRISMA_SCHEMA_ENGINE_BINARY: "/opt/prisma/schema-engine" };
    expect(
      chooseSchemaEngineBinary({ env, enginesDirListing: ["LICENSE"], projectRoot: root }),
    ).toBeUndefined();
    expect(
      chooseSchemaEngineBinary({ env, enginesDirListing: undefined, projectRoot: root }),
    ).toBeUndefined();
  });

  it("falls back to the wasm engine only when the native binary is missing", () => {
    const wasm = path.join(root, WASM_ENGINE_LAUNCHER);
    expect(
      chooseSchemaEngineBinary({
        env: {},
        enginesDirListing: ["LICENSE", "README.md", "dist", "package.json"],
        projectRoot: root,
      }),
    ).toBe(wasm);
    expect(
      chooseSchemaEngineBinary({ env: {}, enginesDirListing: undefined, projectRoot: root }),
    ).toBe(wasm);
    expect(
      chooseSchemaEngineBinary({
        env: { PRISMA_SCHEMA_ENGINE_BINARY: "" },
        enginesDirListing: [],
        projectRoot: root,
      }),
    ).toBe(wasm);
    expect(hasNativeSchemaEngine(["query-engine", "libquery_engine.so.node"])).toBe(false);
  });

  it("the launcher exists and is executable (Prisma spawns it as a program)", () => {
    const launcher = path.resolve(WASM_ENGINE_LAUNCHER);
    expect(fs.readFileSync(launcher, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(fs.statSync(launcher).mode & 0o111).not.toBe(0);
  });
});

describe("engine command line", () => {
  it("reads the native binary's flags", () => {
    const args = parseArgs(
      [
        "--datamodels",
        "prisma/schema.prisma",
        "--datasource",
        JSON.stringify({ url: "pglite:./x", shadowDatabaseUrl: "postgres://s/db" }),
        "--enabled-preview-features",
        "a,b",
      ],
      {},
    );
    expect(args).toEqual({
      datamodels: ["prisma/schema.prisma"],
      url: "pglite:./x",
      shadowDatabaseUrl: "postgres://s/db",
      cliCommand: undefined,
      version: false,
    });
    expect(
      parseArgs(["--datasource", '{"url":"postgres://h/db"}', "cli", "can-connect-to-database"], {})
        .cliCommand,
    ).toBe("can-connect-to-database");
    expect(parseArgs(["--version"], {}).version).toBe(true);
    expect(parseArgs([], { DATABASE_URL: "pglite:memory", SHADOW_DATABASE_URL: "" })).toMatchObject(
      { url: "pglite:memory", shadowDatabaseUrl: undefined },
    );
  });

  it("knows the two supported URL kinds", () => {
    expect(databaseKind("postgres://u@h/db")).toBe("postgres");
    expect(databaseKind("postgresql://u@h/db")).toBe("postgres");
    expect(databaseKind("pglite:./.data/pglite")).toBe("pglite");
    expect(() => databaseKind("file:./dev.db")).toThrow(/Unsupported database URL "file:"/);
    expect(pgliteDataDir("pglite:memory")).toBeUndefined();
    expect(pgliteDataDir("pglite:")).toBeUndefined();
    expect(pgliteDataDir("pglite:./.data/pglite")).toBe(path.resolve(".data/pglite"));
  });

  it("maps PostgreSQL connection errors to the Prisma codes the CLI acts on", () => {
    const url = "postgres://u:secret@db.example:6543/shop";
    expect(postgresConnectError(url, { code: "3D000" })).toEqual({
      code: "P1003",
      message: "Database `shop` does not exist on the database server at `db.example:6543`",
    });
    expect(postgresConnectError(url, { code: "ECONNREFUSED" })).toEqual({
      code: "P1001",
      message: "Can't reach database server at `db.example:6543`",
    });
    expect(postgresConnectError(url, new Error("boom"))).toEqual({ message: "boom" });
  });

  it("names migrations like the native engine and diffs an empty history from nothing", () => {
    expect(migrationTimestamp(new Date(Date.UTC(2026, 10, 22, 9, 30, 5)))).toBe("20261122093005");
    const list: MigrationList = {
      baseDir: "/m",
      lockfile: { path: "migration_lock.toml", content: null },
      shadowDbInitScript: "",
      migrationDirectories: [],
    };
    expect(migrationsTarget(list)).toEqual({ tag: "empty" });
    const dir = {
      path: "1_init",
      migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: "SELECT 1;" } },
    };
    expect(migrationsTarget({ ...list, migrationDirectories: [dir] })).toEqual({
      tag: "migrations",
      ...list,
      migrationDirectories: [dir],
    });
  });
});

describe("migrate CLI wrapper", () => {
  it("describes the target without credentials", () => {
    expect(describeDatabase("postgres://app:hunter2@10.0.0.5/fieldfare")).toEqual({
      kind: "postgres",
      target: "PostgreSQL at 10.0.0.5:5432/fieldfare",
    });
    expect(describeDatabase("pglite:./.data/pglite")).toEqual({
      kind: "pglite",
      target: "PGlite at ./.data/pglite",
    });
    expect(() => describeDatabase("mysql://x")).toThrow(/postgres:\/\/ or pglite:/);
  });

  it("reads the applied migrations from `migrate deploy` output", () => {
    const out = [
      "2 migrations found in prisma/migrations",
      "Applying migration `1_init`",
      "",
      "The following migration(s) have been applied:",
      "",
      "migrations/",
      "  └─ 1_init/",
      "    └─ migration.sql",
      "  └─ 2_more/",
      "    └─ migration.sql",
      "",
      "All migrations have been successfully applied.",
    ].join("\n");
    expect(appliedMigrationNames(out)).toEqual(["1_init", "2_more"]);
    expect(
      appliedMigrationNames(
        "1 migration found in prisma/migrations\n\nNo pending migrations to apply.",
      ),
    ).toEqual([]);
  });
});

/** The JSON-RPC layer, in process, on the real wasm engine and an in-memory PGlite. */
// Each shadow-database step starts a fresh in-memory PGlite (initdb): slow on a busy machine.
describe("JSON-RPC server on the wasm engine", { timeout: 300_000 }, () => {
  let database: EngineDatabase;
  let engine: SchemaEngine;
  const sent: PrintRequest[] = [];
  let methods: ReturnType<typeof createMethods>;
  const migrationsList = (): MigrationList => {
    const baseDir = path.resolve("prisma/migrations");
    const dirs = fs
      .readdirSync(baseDir)
      .filter((d) => fs.statSync(path.join(baseDir, d)).isDirectory())
      .sort();
    return {
      baseDir,
      lockfile: {
        path: "migration_lock.toml",
        content: fs.readFileSync(path.join(baseDir, "migration_lock.toml"), "utf8"),
      },
      shadowDbInitScript: "",
      migrationDirectories: dirs.map((d) => ({
        path: d,
        migrationFile: {
          path: "migration.sql",
          content: {
            tag: "ok",
            value: fs.readFileSync(path.join(baseDir, d, "migration.sql"), "utf8"),
          },
        },
      })),
    };
  };
  const filters = { externalTables: [], externalEnums: [] };
  const rpc = async (method: string, params: unknown, id = 1) =>
    handleLine(methods, JSON.stringify({ jsonrpc: "2.0", id, method, params }));

  beforeAll(async () => {
    database = openDatabase("pglite:memory");
    const schemaPath = path.resolve("prisma/schema.prisma");
    engine = await newSchemaEngine(
      [[schemaPath, fs.readFileSync(schemaPath, "utf8")]],
      database.factory,
    );
    methods = createMethods(engine, (m) => sent.push(m as PrintRequest));
  });
  afterAll(async () => {
    engine?.free();
    await database?.close();
  });

  it("applies the migration history and reports it like the native engine", async () => {
    const before = (await rpc("diagnoseMigrationHistory", {
      migrationsList: migrationsList(),
      optInToShadowDatabase: false,
      filters,
    })) as JsonRpcSuccess;
    const names = migrationsList().migrationDirectories.map((d) => d.path);
    expect(before.result).toMatchObject({
      hasMigrationsTable: false,
      history: { diagnostic: "databaseIsBehind", unappliedMigrationNames: names },
    });

    const applied = (await rpc(
      "applyMigrations",
      { migrationsList: migrationsList(), filters },
      2,
    )) as JsonRpcSuccess;
    expect(applied).toEqual({ jsonrpc: "2.0", id: 2, result: { appliedMigrationNames: names } });

    const again = (await rpc(
      "applyMigrations",
      { migrationsList: migrationsList(), filters },
      3,
    )) as JsonRpcSuccess;
    expect(again.result).toEqual({ appliedMigrationNames: [] });
    const dev = (await rpc(
      "devDiagnostic",
      { migrationsList: migrationsList(), filters },
      4,
    )) as JsonRpcSuccess;
    expect(dev.result).toEqual({ action: { tag: "createMigration" } });
  });

  it("builds a migration for a schema change by diffing the history (no shadow database needed)", async () => {
    const schema =
      fs.readFileSync("prisma/schema.prisma", "utf8") + "\nmodel EngineProbe {\n  id Int @id\n}\n";
    const res = (await rpc("createMigration", {
      draft: false,
      migrationName: "probe",
      migrationsList: migrationsList(),
      schema: { files: [{ path: "schema.prisma", content: schema }] },
      filters,
    })) as JsonRpcSuccess;
    const out = res.result as {
      generatedMigrationName: string;
      migrationScript: string;
      connectorType: string;
    };
    expect(out.connectorType).toBe("postgresql");
    expect(out.generatedMigrationName).toMatch(/^\d{14}_probe$/);
    expect(out.migrationScript).toContain('CREATE TABLE "EngineProbe"');
    const loss = (await rpc("evaluateDataLoss", {
      migrationsList: migrationsList(),
      schema: { files: [{ path: "schema.prisma", content: schema }] },
      filters,
    })) as JsonRpcSuccess;
    expect(loss.result).toEqual({ migrationSteps: 1, unexecutableSteps: [], warnings: [] });
  });

  it("sends diff output to the CLI through a print request", async () => {
    sent.length = 0;
    const empty = {
      tag: "schemaDatamodel",
      files: [{ path: "s.prisma", content: 'datasource db {\n  provider = "postgresql"\n}\n' }],
    };
    const res = (await rpc("diff", {
      from: { tag: "empty" },
      to: empty,
      script: true,
      exitCode: true,
      filters,
    })) as JsonRpcSuccess;
    expect(res.result).toEqual({ exitCode: 0 });
    const withChange = (await rpc("diff", {
      from: { tag: "empty" },
      to: {
        tag: "schemaDatamodel",
        files: [
          {
            path: "s.prisma",
            content: 'datasource db {\n  provider = "postgresql"\n}\nmodel A {\n  id Int @id\n}\n',
          },
        ],
      },
      script: true,
      exitCode: true,
      filters,
    })) as JsonRpcSuccess;
    expect(withChange.result).toEqual({ exitCode: 2 });
    expect(sent.at(-1)).toMatchObject({ jsonrpc: "2.0", method: "print" });
    expect(sent.at(-1)!.params.content).toContain('CREATE TABLE "A"');
  });

  it("answers errors in the native error shape, and ignores notifications", async () => {
    const unknown = (await rpc("noSuchMethod", {}, 7)) as JsonRpcFailure;
    expect(unknown.error.code).toBe(-32601);
    expect(unknown.id).toBe(7);
    const failed = (await rpc(
      "dbExecute",
      {
        datasourceType: { tag: "url", url: "pglite:memory" },
        script: "SELECT * FROM no_such_table;",
      },
      8,
    )) as JsonRpcFailure;
    expect(failed.error.code).toBe(4466);
    expect(failed.error.data.message).toMatch(/no_such_table/);
    expect(failed.error.data.is_panic).toBe(false);
    expect(
      await handleLine(methods, JSON.stringify({ jsonrpc: "2.0", method: "print" })),
    ).toBeUndefined();
    expect(await handleLine(methods, "")).toBeUndefined();
    expect(((await handleLine(methods, "{not json")) as JsonRpcFailure).error.code).toBe(-32700);
  });
});
