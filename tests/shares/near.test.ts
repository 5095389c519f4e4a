/**
 * Home's "Join a farm share" read (GET /api/shares/open, docs/shares.md) against the real
 * database: open plans with spots left that the shopper has not joined, nearest farms first, at
 * most 3, and none for farmers and staff.
 */
import { describe, expect, it } from "vitest";
import * as nearRoute from "@/app/api/shares/open/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { checkLedgerAfterEach } from "../wallet/support";
import { join, member, plusWeeks, shareWorld } from "./support";

checkLedgerAfterEach();

const near = async (cookie: string) => {
  const res = await call(nearRoute.GET, "/api/shares/open", { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    id: number;
    name: string;
    farm: { id: number; farmName: string };
    boxPrice: number;
    everyWeeks: number;
    spotsLeft: number;
  }[];
};

describe("open farm shares near the shopper", () => {
  it("lists plans with spots left that the shopper has not joined, nearest farm first", async () => {
    const far = await shareWorld({ name: "Far box" });
    await db.farm.update({ where: { id: far.farmer.farm.id }, data: { distance: 40 } });
    const close = await shareWorld({ name: "Close box", capacity: 1 });
    await db.farm.update({ where: { id: close.farmer.farm.id }, data: { distance: 2 } });
    const ann = await member("Ann Near");
    const ben = await member("Ben Near");

    const seen = await near(ann.cookie);
    const ids = seen.map((p) => p.id);
    expect(ids.indexOf(close.plan.id)).toBeLessThan(ids.indexOf(far.plan.id));
    expect(seen.find((p) => p.id === far.plan.id)).toMatchObject({
      name: "Far box",
      farm: { id: far.farmer.farm.id, farmName: "Green Acres" },
      boxPrice: 25,
      everyWeeks: 1,
      spotsLeft: 10,
    });
    expect(seen.length).toBeLessThanOrEqual(3);

    // Ann takes the close plan's one spot: hers no longer listed (joined), nor anyone's (full).
    expect((await join(close.plan.id, ann.cookie, { payment: "weekly" })).status).toBe(201);
    expect((await near(ann.cookie)).map((p) => p.id)).not.toContain(close.plan.id);
    expect((await near(ben.cookie)).map((p) => p.id)).not.toContain(close.plan.id);
    expect((await near(ben.cookie)).map((p) => p.id)).toContain(far.plan.id);

    // A season that is over is not offered.
    await db.sharePlan.update({
      where: { id: far.plan.id },
      data: {
        seasonStart: plusWeeks(far.seasonStart, -60),
        seasonEnd: plusWeeks(far.seasonStart, -52),
      },
    });
    expect((await near(ben.cookie)).map((p) => p.id)).not.toContain(far.plan.id);
  });

  it("offers nothing to farmers and staff", async () => {
    const w = await shareWorld();
    expect(await near(w.farmer.cookie)).toEqual([]);
    const staff = await member("Sal Staff", 0);
    await db.user.update({ where: { id: staff.user.id }, data: { role: "staff" } });
    expect(await near(staff.cookie)).toEqual([]);
    const shopper = await member("Sam Shopper", 0);
    expect((await near(shopper.cookie)).map((p) => p.id)).toContain(w.plan.id);
  });
});
