import pg from "pg";

/** Helpers for tests that run on a real PostgreSQL server (DATABASE_URL=postgres://…). */
export const baseUrl = process.env.FF_TEST_PG_URL ?? process.env.DATABASE_URL ?? "";
export const onPostgres = /^postgres(ql)?:\/\//.test(baseUrl);

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = "/" + name;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}
