/**
 * The database half of `npm start`, in one process: apply pending migrations (through
 * `prisma migrate deploy`, only when some are pending — a warm restart skips the Prisma CLI
 * entirely), then seed the demo data if the database is empty.
 */
import fs from "node:fs";
import path from "node:path";
import { closeDb, db } from "@/lib/server/platform/db";
import { isDatabaseEmpty, seed } from "@/prisma/seed";
import { migrate } from "./migrate";

function migrationNames(): string[] {
  const dir = path.resolve(import.meta.dirname, "../prisma/migrations");
  return fs
    .readdirSync(dir)
    .filter((d) => fs.statSync(path.join(dir, d)).isDirectory())
    .sort();
}

async function appliedNames(): Promise<Set<string>> {
  try {
    const rows = await db.$queryRawUnsafe<Array<{ migration_name: string }>>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    return new Set(rows.map((r) => r.migration_name));
  } catch {
    return new Set(); // a new database: no migrations table yet
  }
}

try {
  const applied = await appliedNames();
  const pending = migrationNames().filter((m) => !applied.has(m));
  if (pending.length) {
    console.log(
      `  ${pending.length} pending migration${pending.length === 1 ? "" : "s"}: ${pending.join(", ")}`,
    );
    await closeDb(); // PGlite: the Prisma CLI needs the folder to itself
    await migrate();
  } else {
    console.log(`  database is up to date (${applied.size} migrations applied)`);
  }
  if (await isDatabaseEmpty(db)) await seed(db, { log: console.log });
  else console.log("  database already has data; not seeding");
} finally {
  await closeDb();
}
