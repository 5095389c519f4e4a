import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as followRoute from "@/app/api/farms/[id]/follow/route";
import { call } from "../support/http";
import { createFarm, createUserWithSession } from "../support/factories";

const put = (farmId: number | string, cookie?: string) =>
  call(followRoute.PUT, `/api/farms/${farmId}/follow`, {
    method: "PUT",
    cookie,
    params: { id: String(farmId) },
  });
const del = (farmId: number | string, cookie?: string) =>
  call(followRoute.DELETE, `/api/farms/${farmId}/follow`, {
    method: "DELETE",
    cookie,
    params: { id: String(farmId) },
  });

describe("following a farm", () => {
  it("PUT follows and DELETE unfollows, each idempotent, for the signed-in user only", async () => {
    const { farm } = await createFarm({ farmName: "Follow Acres" });
    const me = await createUserWithSession();
    const other = await createUserWithSession();
    for (let i = 0; i < 2; i++) {
      const res = await put(farm.id, me.cookie);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ farmId: farm.id, following: true });
    }
    expect((await put(farm.id, other.cookie)).status).toBe(200);
    expect(
      (
        await db.farmFollow.findMany({ where: { farmId: farm.id }, orderBy: { userId: "asc" } })
      ).map((f) => f.userId),
    ).toEqual([me.user.id, other.user.id].sort((a, b) => a - b));

    for (let i = 0; i < 2; i++) {
      const res = await del(farm.id, me.cookie);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ farmId: farm.id, following: false });
    }
    // The other follower is untouched.
    expect(
      (await db.farmFollow.findMany({ where: { farmId: farm.id } })).map((f) => f.userId),
    ).toEqual([other.user.id]);
  });

  it("signed out is 401; an unknown or malformed farm id is 404 (as GET /api/farms/{id}), all as JSON", async () => {
    const { farm } = await createFarm();
    const me = await createUserWithSession();
    const out = await put(farm.id);
    expect(out.status).toBe(401);
    expect(out.json.message).toBeTruthy();
    const missing = await put(2_000_000_000, me.cookie);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Farm not found");
    const bad = await del("abc", me.cookie);
    expect(bad.status).toBe(404);
    expect(bad.json.message).toBe("Farm not found");
  });
});
