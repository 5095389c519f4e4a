/**
 * The route wrapper answers database outages with 503 + Retry-After + a message (clients retry),
 * for the errors Prisma's pg adapter really throws: a refused connection (server down or
 * restarting) and a backend terminated mid-query (what `pg_ctlcluster … restart` does to live
 * connections). bench/fault.ts shows the same end to end with a real restart.
 */
import { describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import { endpoint } from "@/lib/contracts/endpoint";
import { route } from "@/lib/server/http/route";
import { call } from "../support/http";
import { adminQuery, baseUrl, onPostgres } from "../support/pg";

const probe = endpoint({
  method: "GET",
  path: "/api/probe",
  tag: "Operations",
  summary: "A probe for this test",
  auth: "none",
});

function expect503(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.json.code).toBe("unavailable");
  expect(res.json.message).toMatch(
    /^The service is temporarily unavailable\. Please try again shortly\. \(ref [0-9a-f]{12}\)$/,
  );
}

describe("database outages → 503", () => {
  it("a refused connection (nothing listening on the port)", async () => {
    const down = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: "postgres://postgres@127.0.0.1:1/nowhere",
        connectionTimeoutMillis: 2000,
      }),
    });
    try {
      const handler = route(probe, async () => down.user.count());
      expect503(await call(handler, "/api/probe"));
    } finally {
      await down.$disconnect().catch(() => undefined);
    }
  });

  it.skipIf(!onPostgres)(
    "a backend terminated mid-query (PostgreSQL only: PGlite has no server to restart)",
    async () => {
      const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
      const handler = route(probe, async () => db.$queryRaw`SELECT pg_sleep(20)`);
      const pending = call(handler, "/api/probe");
      // Wait until the sleep is running, then kill that backend (and only that one) as a restart
      // would. The filter must not match this polling query itself: its text names pg_sleep(20) too,
      // and it stays in pg_stat_activity as the idle pool connection's last query, so a looser match
      // also killed that idle connection, which the next request could pick up before the pool had
      // heard of its death (a CI run failed that way).
      const sleeping = `datname = '${dbName}' AND state = 'active' AND query LIKE 'SELECT pg_sleep(20)%'`;
      for (let i = 0; i < 100; i++) {
        const c = await db.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${sleeping}`,
        );
        if (c[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await adminQuery(
        baseUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${sleeping}`,
      );
      expect503(await pending);
      // …and the next request works again on a fresh connection, without any restart.
      const again = await call(
        route(probe, async () => ({ n: await db.user.count() })),
        "/api/probe",
      );
      expect(again.status).toBe(200);
    },
  );
});
