import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  ColumnTypeEnum,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlQueryable,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";

export type DatabaseKind = "pglite" | "postgres";

export interface EngineDatabase {
  kind: DatabaseKind;
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Releases what the factory opened outside of adapters (the PGlite instance). */
  close(): Promise<void>;
}

export function databaseKind(url: string): DatabaseKind {
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  if (url.startsWith("pglite:")) return "pglite";
  throw new Error(
    `Unsupported database URL "${url.split(":")[0]}:" (expected postgres:// or pglite:<dir>)`,
  );
}

/** `pglite:memory` / `pglite:` → in-memory; `pglite:<dir>` → that folder (same rules as lib/server/platform/db.ts). */
export function pgliteDataDir(url: string): string | undefined {
  const dir = url.slice("pglite:".length);
  return dir === "" || dir === "memory" ? undefined : path.resolve(dir);
}

export function openDatabase(url: string, shadowDatabaseUrl?: string): EngineDatabase {
  return databaseKind(url) === "pglite" ? openPglite(url) : openPostgres(url, shadowDatabaseUrl);
}

function openPglite(url: string): EngineDatabase {
  const dir = pgliteDataDir(url);
  // PGlite creates the data folder but not its parents.
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir);
  // The adapter's own shadow database (a fresh in-memory PGlite) is exactly what we want.
  return { kind: "pglite", factory: new PrismaPGlite(client), close: () => client.close() };
}

function openPostgres(url: string, shadowDatabaseUrl: string | undefined): EngineDatabase {
  const connect = async (connectionString: string): Promise<SqlDriverAdapter> =>
    decodeInternalChar(await new PrismaPg({ connectionString }).connect());

  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => connect(url),
    // Not PrismaPg#connectToShadowDb (7.10.1): given a connection string it reconnects to the MAIN
    // database (pg lets connectionString win over `database`), and its dispose drops the database
    // before closing its pool ("database is being accessed by other users").
    async connectToShadowDb() {
      if (shadowDatabaseUrl) {
        // An explicit shadow database (e.g. a server that cannot host a second database): the wasm
        // engine does not wipe it itself, so start from an empty public schema.
        const conn = await connect(shadowDatabaseUrl);
        await conn.executeScript("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
        return conn;
      }
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = `prisma_shadow_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      const u = new URL(url);
      u.pathname = "/" + name;
      const conn = await connect(u.toString());
      return new Proxy(conn, {
        get(target, prop) {
          if (prop === "dispose") {
            return async () => {
              try {
                await target.dispose(); // close the pool first, then the database can be dropped
                await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
              } finally {
                await admin.end();
              }
            };
          }
          return bound(target, prop);
        },
      });
    },
  };
  return { kind: "postgres", factory, close: async () => {} };
}

function bound(target: object, prop: string | symbol): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
}

/** PostgreSQL's internal single-byte `"char"` type. */
const INTERNAL_CHAR_OID = 18;
const TEXT_OID = 25;

/** The part of adapter-pg's (unexported) queryable class that the `"char"` workaround hooks into. */
interface PgQueryableInternals {
  performIO(query: SqlQuery): Promise<{ fields: { dataTypeID: number }[] }>;
}

function hasPerformIO(value: object): value is PgQueryableInternals {
  return typeof (value as Partial<PgQueryableInternals>).performIO === "function";
}

/**
 * adapter-pg 7.10.1 throws UnsupportedNativeDataType for PostgreSQL's internal `"char"` (oid 18),
 * which the schema describer selects from pg_catalog (contype, relkind, …). Run its queryRaw with
 * a performIO that reports those columns as text, then type them as Character (what the engine
 * reads them as).
 */
export function decodeInternalChar<T extends SqlDriverAdapter | Transaction>(queryable: T): T {
  if (!hasPerformIO(queryable))
    throw new Error("@prisma/adapter-pg internals changed: performIO not found");
  const inner: PgQueryableInternals = queryable;
  const proxy: T = new Proxy(queryable, {
    get(target, prop) {
      if (prop === "queryRaw") {
        return async (query: SqlQuery): Promise<SqlResultSet> => {
          let charColumns: number[] = [];
          const context = Object.create(proxy, {
            performIO: {
              value: async (q: SqlQuery) => {
                const result = await inner.performIO.call(target, q);
                charColumns = result.fields.flatMap((f, i) =>
                  f.dataTypeID === INTERNAL_CHAR_OID ? [i] : [],
                );
                for (const i of charColumns) result.fields[i].dataTypeID = TEXT_OID;
                return result;
              },
            },
          }) as SqlQueryable;
          const result = await target.queryRaw.call(context, query);
          for (const i of charColumns) result.columnTypes[i] = ColumnTypeEnum.Character;
          return result;
        };
      }
      if (prop === "startTransaction" && "startTransaction" in target) {
        return async (isolationLevel?: IsolationLevel) =>
          decodeInternalChar(await target.startTransaction(isolationLevel));
      }
      return bound(target, prop);
    },
  });
  return proxy;
}

/** PostgreSQL error → the Prisma error the CLI reacts to (P1003 makes `migrate dev` create the database). */
export function postgresConnectError(
  url: string,
  error: unknown,
): { code?: string; message: string } {
  const u = new URL(url);
  const where = `${u.hostname}:${u.port || "5432"}`;
  const code = (error as { code?: unknown })?.code;
  const database = decodeURIComponent(u.pathname.slice(1)) || "postgres";
  if (code === "3D000")
    return {
      code: "P1003",
      message: `Database \`${database}\` does not exist on the database server at \`${where}\``,
    };
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT")
    return { code: "P1001", message: `Can't reach database server at \`${where}\`` };
  if (code === "28P01" || code === "28000")
    return {
      code: "P1000",
      message: `Authentication failed against database server at \`${where}\``,
    };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** `schema-engine cli <command>` for the database in `url`; resolves to a line for stdout (if any). */
export async function runDatabaseCommand(
  url: string,
  command: string,
): Promise<string | undefined> {
  if (databaseKind(url) === "pglite") {
    const db = openPglite(url);
    try {
      const conn = await db.factory.connect();
      await conn.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] });
      await conn.dispose();
    } finally {
      await db.close();
    }
    if (command === "drop-database") {
      const dir = pgliteDataDir(url);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
    return undefined;
  }
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.slice(1));
  if (command === "create-database" || command === "drop-database") {
    const maintenance = new URL(url);
    maintenance.pathname = "/postgres";
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    try {
      const quoted = `"${database.replaceAll('"', '""')}"`;
      await admin.query(
        command === "create-database"
          ? `CREATE DATABASE ${quoted}`
          : `DROP DATABASE IF EXISTS ${quoted}`,
      );
    } finally {
      await admin.end();
    }
    return command === "create-database" ? database : undefined;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT 1");
  } finally {
    await client.end();
  }
  return undefined;
}
