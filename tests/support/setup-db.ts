import { afterAll, inject } from "vitest";
import { adminQuery, baseUrl, onPostgres, uniqueDbName, withDatabase } from "./pg";
import { migrationSql } from "./migrations";

// Every test file gets a fresh, migrated database of its own: a clone of the migrated template on
// PostgreSQL, an in-memory PGlite otherwise. Never ./.data.
if (onPostgres) {
  const name = uniqueDbName("ff_test");
  await adminQuery(baseUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject("templateDb")}"`);
  process.env.DATABASE_URL = withDatabase(baseUrl, name);
  afterAll(async () => {
    const { closeDb } = await import("@/lib/server/platform/db");
    await closeDb();
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
} else {
  process.env.DATABASE_URL = "pglite:memory";
  const { embeddedPglite, closeDb } = await import("@/lib/server/platform/db");
  await embeddedPglite()!.exec(migrationSql());
  afterAll(closeDb);
}
