import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * One Prisma client per process. `DATABASE_URL` unset → embedded PGlite in ./.data/pglite
 * (`pglite:<dir>` picks another folder, `pglite:memory` an in-memory database for tests);
 * `postgres://…` → PostgreSQL through @prisma/adapter-pg.
 */
export type Db = PrismaClient;

type Handle = { prisma: PrismaClient; kind: "pglite" | "postgres"; pglite?: PGlite };

const globalForDb = globalThis as unknown as { __fieldfareDb?: Handle };

export function databaseUrl(): string {
  return process.env.DATABASE_URL || "pglite:./.data/pglite";
}

export function isPostgres(url = databaseUrl()): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

function open(): Handle {
  const url = databaseUrl();
  if (isPostgres(url)) {
    const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    return { kind: "postgres", prisma: new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) }) };
  }
  if (!url.startsWith("pglite:")) throw new Error(`DATABASE_URL must start with postgres:// or pglite: (got "${url.split(":")[0]}:")`);
  const dir = url.slice("pglite:".length);
  let pglite;
  if (dir === "memory" || dir === "") {
    pglite = new PGlite();
  } else {
    fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    pglite = new PGlite(dir);
  }
  return { kind: "pglite", pglite, prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }) };
}

function handle(): Handle {
  return (globalForDb.__fieldfareDb ??= open());
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
