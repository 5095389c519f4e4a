import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { housekeep } from "@/lib/server/platform/housekeeping";
import * as userRoute from "@/app/api/user/route";
import { createUser, createUserWithSession } from "../support/factories";
import { call } from "../support/http";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

describe("housekeeping (hourly, lib/server/platform/housekeeping.ts)", () => {
  it("removes expired sessions, stale idempotency keys, closed rate-limit windows and expired sign-in links — and nothing live", async () => {
    const live = await createUserWithSession({ fullName: "Live Lena" });
    const gone = await createUserWithSession({ fullName: "Gone Gus" });
    await db.session.updateMany({
      where: { userId: gone.user.id },
      data: { expiresAt: hoursAgo(1) },
    });
    const other = await createUser({ fullName: "Token Tom" });
    await db.loginToken.createMany({
      data: [
        { tokenHash: "expired-link", userId: other.id, expiresAt: hoursAgo(2) },
        { tokenHash: "fresh-link", userId: other.id, expiresAt: new Date(Date.now() + 3600_000) },
      ],
    });
    await db.idempotencyKey.createMany({
      data: [
        {
          userId: live.user.id,
          scope: "topup",
          key: "stale",
          requestHash: "h",
          responseBody: {},
          createdAt: hoursAgo(25),
        },
        {
          userId: live.user.id,
          scope: "topup",
          key: "recent",
          requestHash: "h",
          responseBody: {},
          createdAt: hoursAgo(1),
        },
      ],
    });
    await db.rateLimitCounter.createMany({
      data: [
        { key: "login:old", count: 4, resetAt: hoursAgo(1) },
        { key: "login:new", count: 4, resetAt: new Date(Date.now() + 600_000) },
      ],
    });

    expect(await housekeep()).toEqual({ idempotencyKeys: 1, sessions: 1, loginTokens: 1 });

    expect((await db.idempotencyKey.findMany({ select: { key: true } })).map((k) => k.key)).toEqual(
      ["recent"],
    );
    expect(
      (await db.loginToken.findMany({ select: { tokenHash: true } })).map((t) => t.tokenHash),
    ).toEqual(["fresh-link"]);
    expect(
      (await db.rateLimitCounter.findMany({ select: { key: true } })).map((h) => h.key),
    ).toEqual(["login:new"]);
    // The live session still signs in; the expired one was already refused and is now gone.
    expect((await call(userRoute.GET, "/api/user", { cookie: live.cookie })).status).toBe(200);
    expect((await call(userRoute.GET, "/api/user", { cookie: gone.cookie })).status).toBe(401);
    expect(await db.session.count({ where: { userId: gone.user.id } })).toBe(0);

    // A second pass finds nothing more.
    expect(await housekeep()).toEqual({ idempotencyKeys: 0, sessions: 0, loginTokens: 0 });
  });
});
