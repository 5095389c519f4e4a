import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, inject } from "vitest";
import { adminQuery, baseUrl, onPostgres, uniqueDbName, withDatabase } from "./pg";

// Every test file gets a fresh, migrated database of its own: a clone of the migrated template on
// PostgreSQL, an in-memory PGlite started from the migrated template's dump otherwise. Never ./.data.
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
  const { adoptEmbeddedPglite, closeDb } = await import("@/lib/server/platform/db");
  const dump = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  adoptEmbeddedPglite(new PGlite({ loadDataDir: dump }));
  afterAll(closeDb);
}
