import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/server/platform/db";
import { resetEnvCache } from "@/lib/server/platform/env";
import { cachedSession, sessionCacheLive, sessionCacheSize } from "@/lib/server/auth/session-cache";
import { userFromSessionCookie } from "@/lib/server/auth/session";
import { closeListener, dropListenerForTests } from "@/lib/server/platform/notify";
import { createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { ensureBuild, startInstance, type AppInstance } from "../messages/support/app-instance";
import crypto from "node:crypto";

/**
 * The per-instance session cache stays as strict as the database: whatever ends a session (a
 * logout through any instance, a DELETE in psql, a changed expiry) or changes its user is
 * announced by triggers over LISTEN/NOTIFY and dropped at once. PostgreSQL only: on PGlite there
 * is no cache (one process, every request reads the row).
 */
const hashOf = (cookie: string) =>
  crypto.createHash("sha256").update(cookie.split("=")[1]).digest("hex");
const valueOf = (cookie: string) => cookie.split("=")[1];
// Without a verified email: its row's insert announces the user ('u:<id>') a moment after the
// commit, and a notice landing between a lookup and its caching rightly keeps it uncached.
const newUser = (over: { fullName?: string } = {}) =>
  createUserWithSession({ ...over, emailVerified: false });

describe.skipIf(!onPostgres)(
  "session cache in one process (PostgreSQL only: PGlite has no cache)",
  () => {
    let admin: pg.Client;

    beforeAll(async () => {
      process.env.SESSION_CACHE_SECONDS = "300";
      resetEnvCache();
      sessionCacheLive();
      await vi.waitFor(() => expect(sessionCacheLive()).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      // Changes made behind the app's back, on a connection of its own (as an operator in psql would).
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
    });

    afterAll(async () => {
      await admin?.end();
      await closeListener();
      delete process.env.SESSION_CACHE_SECONDS;
      resetEnvCache();
    });

    async function cached(cookie: string) {
      const source: { from?: "cache" | "db" } = {};
      const user = await userFromSessionCookie(valueOf(cookie), source);
      expect(user).not.toBeNull();
      const again: { from?: "cache" | "db" } = {};
      expect(await userFromSessionCookie(valueOf(cookie), again)).toEqual(user);
      expect(again.from).toBe("cache");
      expect(cachedSession(hashOf(cookie))).toBeDefined();
      return user!;
    }

    /** Waits until this instance has heard of the change and dropped the session from its cache. */
    const evicted = (cookie: string) =>
      vi.waitFor(() => expect(cachedSession(hashOf(cookie))).toBeUndefined(), {
        timeout: 10_000,
        interval: 5,
      });

    it("a DELETE of the row in another connection ends the cached session on this instance", async () => {
      const me = await newUser();
      await cached(me.cookie);
      await admin.query(`DELETE FROM "Session" WHERE "idHash" = $1`, [hashOf(me.cookie)]);
      await evicted(me.cookie);
      const source: { from?: "cache" | "db" } = {};
      expect(await userFromSessionCookie(valueOf(me.cookie), source)).toBeNull();
      expect(source.from).toBe("db");
    });

    it("an expiry moved into the past and a user's changed name are heard too", async () => {
      const me = await newUser({ fullName: "Old Name" });
      const other = await newUser();
      await cached(me.cookie);
      await cached(other.cookie);
      await admin.query(`UPDATE "User" SET "fullName" = 'New Name' WHERE id = $1`, [me.user.id]);
      await evicted(me.cookie);
      expect(cachedSession(hashOf(other.cookie))).toBeDefined();
      expect((await userFromSessionCookie(valueOf(me.cookie)))?.fullName).toBe("New Name");

      await admin.query(
        `UPDATE "Session" SET "expiresAt" = now() - interval '1 second' WHERE "idHash" = $1`,
        [hashOf(other.cookie)],
      );
      await evicted(other.cookie);
      expect(await userFromSessionCookie(valueOf(other.cookie))).toBeNull();
    });

    it("the once-a-minute touch is not announced, so it does not evict the session it touches", async () => {
      const me = await newUser();
      await cached(me.cookie);
      // A forward move of lastSeenAt (what the touch does) followed by a marker change on another row:
      // when the marker's announcement arrives, the touch's would have arrived before it.
      await admin.query(
        `UPDATE "Session" SET "lastSeenAt" = now() + interval '1 second' WHERE "idHash" = $1`,
        [hashOf(me.cookie)],
      );
      const marker = await newUser();
      await cached(marker.cookie);
      await admin.query(`DELETE FROM "Session" WHERE "idHash" = $1`, [hashOf(marker.cookie)]);
      await evicted(marker.cookie);
      expect(cachedSession(hashOf(me.cookie))).toBeDefined();
    });

    it("a lost LISTEN connection empties the cache and serves from the database until it is back", async () => {
      const me = await newUser();
      await cached(me.cookie);
      expect(sessionCacheSize()).toBeGreaterThan(0);
      await dropListenerForTests();
      expect(sessionCacheSize()).toBe(0);
      expect(sessionCacheLive()).toBe(false);
      const source: { from?: "cache" | "db" } = {};
      expect(await userFromSessionCookie(valueOf(me.cookie), source)).not.toBeNull();
      expect(source.from).toBe("db");
      expect(sessionCacheSize()).toBe(0);
      await vi.waitFor(() => expect(sessionCacheLive()).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
      await cached(me.cookie);
    });

    it("many sessions ended by one statement clear the whole cache", async () => {
      const users = await Promise.all(Array.from({ length: 3 }, () => newUser()));
      for (const u of users) await cached(u.cookie);
      // Housekeeping-sized deletes are announced once ('*') instead of row by row.
      await db.session.createMany({
        data: Array.from({ length: 120 }, (_, i) => ({
          idHash: `bulk-${i}-${Date.now()}`,
          userId: users[0].user.id,
          expiresAt: new Date(Date.now() - 1000),
        })),
      });
      await admin.query(`DELETE FROM "Session" WHERE "idHash" LIKE 'bulk-%'`);
      await vi.waitFor(() => expect(sessionCacheSize()).toBe(0), { timeout: 10_000, interval: 5 });
    });
  },
);

describe.skipIf(!onPostgres)(
  "session cache across two instances (PostgreSQL only: PGlite is single-process)",
  () => {
    const instances: AppInstance[] = [];

    beforeAll(async () => {
      ensureBuild();
      const common = {
        databaseUrl: process.env.DATABASE_URL!,
        authSecret: process.env.AUTH_SECRET!,
        env: { SESSION_CACHE_SECONDS: "300" },
      };
      instances.push(...(await Promise.all([startInstance(common), startInstance(common)])));
    }, 900_000);

    afterAll(async () => {
      await Promise.all(instances.map((i) => i.stop()));
    });

    /** GET /api/user on an instance until its session cache answers (its LISTEN connection is up). */
    async function cachedOn(inst: AppInstance, cookie: string) {
      await vi.waitFor(
        async () => {
          const res = await fetch(`${inst.url}/api/user`, { headers: { cookie } });
          expect(res.status).toBe(200);
          expect(res.headers.get("server-timing")).toBe("session;desc=cache");
        },
        { timeout: 60_000, interval: 50 },
      );
    }

    it("logout on A kills the replayed cookie on B at once, though B held it in memory", async () => {
      const [a, b] = instances;
      expect(a.pid).not.toBe(b.pid);
      const me = await newUser();
      await cachedOn(b, me.cookie);
      await cachedOn(a, me.cookie);

      const out = await fetch(`${a.url}/api/logout`, {
        method: "POST",
        headers: { cookie: me.cookie, origin: a.url },
      });
      expect(out.status).toBe(200);

      const replayB = await fetch(`${b.url}/api/user`, { headers: { cookie: me.cookie } });
      expect(replayB.status).toBe(401);
      expect(await replayB.json()).toMatchObject({ code: "unauthenticated" });
      const replayA = await fetch(`${a.url}/api/user`, { headers: { cookie: me.cookie } });
      expect(replayA.status).toBe(401);
    });

    it("a session deleted by an operator is refused at once by both instances", async () => {
      const me = await newUser();
      await cachedOn(a(), me.cookie);
      await cachedOn(b(), me.cookie);
      const out = await fetch(`${a().url}/api/user`, { headers: { cookie: me.cookie } });
      expect(out.status).toBe(200);
      await db.$executeRaw`DELETE FROM "Session" WHERE "userId" = ${me.user.id}`;
      await vi.waitFor(
        async () => {
          for (const inst of instances)
            expect(
              (await fetch(`${inst.url}/api/user`, { headers: { cookie: me.cookie } })).status,
            ).toBe(401);
        },
        { timeout: 10_000, interval: 20 },
      );
    });

    const a = () => instances[0];
    const b = () => instances[1];
  },
);
