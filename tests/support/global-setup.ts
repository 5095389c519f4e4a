import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { adminQuery, baseUrl, onPostgres, uniqueDbName, withDatabase } from "./pg";

/**
 * On PostgreSQL: migrate one template database with the real `prisma migrate deploy`, then every
 * test file clones it (CREATE DATABASE … TEMPLATE) so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  if (!onPostgres) {
    project.provide("templateDb", "");
    return;
  }
  const name = uniqueDbName("ff_tpl");
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: withDatabase(baseUrl, name) },
    stdio: "pipe",
  });
  project.provide("templateDb", name);
  return async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}
