import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/server/platform/env";

/**
 * One Prisma client per process. `DATABASE_URL` unset → embedded PGlite in ./.data/pglite
 * (`pglite:<dir>` picks another folder, `pglite:memory` an in-memory database for tests);
 * `postgres://…` → PostgreSQL through @prisma/adapter-pg.
 */
export type Db = PrismaClient;

type Handle = {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  pglite?: PGlite;
  pool?: pg.Pool;
};

const globalForDb = globalThis as unknown as { __fieldfareDb?: Handle };

export function databaseUrl(): string {
  return process.env.DATABASE_URL || "pglite:./.data/pglite";
}

export function isPostgres(url = databaseUrl()): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** At most this many different statements are kept prepared per connection; any beyond run unnamed. */
const PREPARED_MAX = 2_000;
const statementNameOf = new Map<string, string>();

/**
 * A statement's name: with one, `pg` prepares it once per connection and afterwards sends only its
 * parameters, and PostgreSQL parses it once and, after a few runs, keeps its plan instead of
 * planning every call (docs/architecture.md, "Where the time goes"). The name is a hash of the
 * text, so one text always has one name. Texts come from the app's own queries (parameters are
 * never in them), so they are few; the cap bounds a connection's memory should that ever change.
 * Undefined: run it unnamed (over the cap, or DATABASE_PREPARED_STATEMENTS=off).
 */
function statementName(sql: string): string | undefined {
  if (env().DATABASE_PREPARED_STATEMENTS === "off") return undefined;
  let name = statementNameOf.get(sql);
  if (name === undefined && statementNameOf.size < PREPARED_MAX) {
    name = `ff_${crypto.createHash("sha1").update(sql).digest("base64url")}`;
    statementNameOf.set(sql, name);
  }
  return name;
}

/**
 * How pg reads the columns of `readRows`, matched to Prisma's: a `timestamp` (Prisma's DateTime,
 * kept in UTC) is a UTC instant, not the server's local time; everything else as pg reads it.
 */
const TIMESTAMP_OID = 1114;
const utcInstant = (value: string) => new Date(`${value.replace(" ", "T")}Z`);
/**
 * And the other way: an instant sent by `readRows` or `execute` goes as its UTC ISO text. pg would
 * write a Date in the server's local time with its offset, which a `timestamp` column drops, so a
 * cursor or a written instant would be hours off on a server far from UTC.
 */
const params = (values: unknown[]) => values.map((v) => (v instanceof Date ? v.toISOString() : v));
const rowTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID
      ? utcInstant
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function open(): Handle {
  const url = databaseUrl();
  if (isPostgres(url)) {
    const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    // One pool for Prisma and for readRows (Prisma passes its own parsers with each of its queries).
    const pool = new pg.Pool({ connectionString: url, max, types: rowTypes });
    // Prisma's statements are named too: `pg` runs a statement without a name unprepared.
    const adapter = new PrismaPg(pool, {
      statementNameGenerator: (query) => statementName(query.sql) as string,
      disposeExternalPool: true,
    });
    return { kind: "postgres", pool, prisma: new PrismaClient({ adapter }) };
  }
  if (!url.startsWith("pglite:"))
    throw new Error(
      `DATABASE_URL must start with postgres:// or pglite: (got "${url.split(":")[0]}:")`,
    );
  const dir = url.slice("pglite:".length);
  let pglite;
  if (dir === "memory" || dir === "") {
    pglite = new PGlite();
  } else {
    fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    pglite = new PGlite(dir);
  }
  return {
    kind: "pglite",
    pglite,
    prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }),
  };
}

function handle(): Handle {
  return (globalForDb.__fieldfareDb ??= open());
}

/**
 * A whole number written into a statement's text, for a LIMIT. With `LIMIT $n` PostgreSQL cannot
 * cost a kept (generic) plan, so it plans a prepared statement again on every call (1 ms for the
 * orders list of a long history); with the number in the text it keeps one plan per page size.
 * Only for validated integers (a page size is 1..100), never for anything a client wrote freely.
 */
export function sqlInt(n: number): Prisma.Sql {
  if (!Number.isSafeInteger(n)) throw new Error(`sqlInt: ${n} is not a whole number`);
  return Prisma.raw(String(n));
}

let directReads = true;
/** For tests: run `readRows` through Prisma on PostgreSQL too, to compare the two paths. */
export function setDirectReads(on: boolean): void {
  directReads = on;
}

/**
 * A read that runs on nearly every request and must be cheap (docs/architecture.md, "Where the
 * time goes"). On PostgreSQL it is a named prepared statement straight on the pool under Prisma:
 * about 0.05 ms of the app's CPU, where Prisma's $queryRaw costs 0.15 ms and a model read 0.3 ms.
 * On PGlite it goes through Prisma's $queryRaw. So the columns must read alike both ways: int4,
 * float8, text, bool, json(b), timestamp; cast anything else (counts `::int`, enums `::text`).
 * Reads outside a transaction only.
 */
export async function readRows<T>(query: Prisma.Sql): Promise<T[]> {
  const h = handle();
  if (!h.pool || !directReads) return h.prisma.$queryRaw<T[]>(query);
  const text = query.text;
  const result = await h.pool.query({
    name: statementName(text),
    text,
    values: params(query.values),
  });
  return result.rows as T[];
}

/**
 * One write on its own (autocommit, outside any transaction) that runs often enough to be worth
 * readRows' path: straight on the pool on PostgreSQL, through Prisma's $executeRaw on PGlite.
 * Answers the number of rows it changed.
 */
export async function execute(query: Prisma.Sql): Promise<number> {
  const h = handle();
  if (!h.pool || !directReads) return h.prisma.$executeRaw(query);
  const text = query.text;
  const result = await h.pool.query({
    name: statementName(text),
    text,
    values: params(query.values),
  });
  return result.rowCount ?? 0;
}

/** The process-wide Prisma client (opened on first use, never at import time: `next build` must not open PGlite). */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = handle().prisma;
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export function dbKind(): "pglite" | "postgres" {
  return isPostgres() ? "postgres" : "pglite";
}

/**
 * For tests: serve this process from a PGlite instance made by the caller (a copy of a migrated
 * template, which starts in a third of the time initdb plus the migrations take).
 */
export function adoptEmbeddedPglite(pglite: PGlite): void {
  if (globalForDb.__fieldfareDb)
    throw new Error("adoptEmbeddedPglite: the database is already open");
  globalForDb.__fieldfareDb = {
    kind: "pglite",
    pglite,
    prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }),
  };
}

/** The PGlite instance behind the client, when embedded (used for LISTEN/NOTIFY and tests). */
export function embeddedPglite() {
  return handle().pglite;
}

export async function closeDb(): Promise<void> {
  const h = globalForDb.__fieldfareDb;
  if (!h) return;
  globalForDb.__fieldfareDb = undefined;
  await h.prisma.$disconnect();
  await h.pglite?.close();
}

/** A unique-index violation (PostgreSQL 23505), however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as {
    code?: string;
    meta?: {
      code?: string;
      driverAdapterError?: { cause?: { kind?: string; originalCode?: string } };
    };
  } | null;
  if (!e) return false;
  if (e.code === "P2002" || e.code === "23505" || e.meta?.code === "23505") return true;
  const cause = e.meta?.driverAdapterError?.cause;
  return cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505";
}
