import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { seed } from "@/prisma/seed";
import { wallDate } from "@/lib/tz";
import { expectHandoverDueToday } from "./due-today";

/**
 * The seed at a fixed hour no ordinary window covers: Monday 2026-12-07, 05:30 in Kelowna (no
 * market, no gate, no delivery that day), turned into an instant with our tz data. seed.test.ts
 * checks the same at whatever day and hour the suite runs.
 */
const wall = Date.UTC(2026, 11, 7, 5, 30);
const now = new Date(wall - (wallDate(wall, "America/Vancouver")!.getTime() - wall));

beforeAll(async () => {
  await seed(db, { log: () => undefined, now });
}, 120_000);

describe("a seed on a Monday at 05:30", () => {
  it("the instant is 05:30 in Kelowna", () => {
    expect(wallDate(now.getTime(), "America/Vancouver")!.toISOString()).toBe(
      "2026-12-07T05:30:00.000Z",
    );
  });
  it("Margaret's farm has a handover due today, ready to hand over", async () => {
    await expectHandoverDueToday(now);
  });
});
