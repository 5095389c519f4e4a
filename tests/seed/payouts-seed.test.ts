import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { reconcile } from "@/lib/server/payments/reconcile";
import { seed } from "@/prisma/seed";

beforeAll(async () => {
  await seed(db);
});

describe("seeded farm earnings and payouts", () => {
  it("gives completed orders at two farms or more their earnings, one paid payout, and money still to pay", async () => {
    const farms = await db.farmAccount.findMany();
    const earning = await db.farmLedgerEntry.groupBy({
      by: ["farmId"],
      where: { type: "sale" },
      _count: true,
    });
    expect(earning.length).toBeGreaterThanOrEqual(2);
    const paid = await db.payout.findMany({ where: { status: "paid" } });
    expect(paid).toHaveLength(1);
    expect(paid[0].reference).toMatch(/^E-TRANSFER-/);
    expect(farms.some((f) => f.balanceCents > 0)).toBe(true);
    const manual = await db.payout.findMany({ where: { status: "pending_manual" } });
    expect(manual).toHaveLength(1);
    expect(manual.every((p) => p.amountCents > 0)).toBe(true);
    const failed = await db.notification.findMany({
      where: { status: "failed" },
      orderBy: { id: "asc" },
    });
    expect(failed.map((n) => n.payload)).toEqual(manual.map((p) => ({ payoutId: p.id })));
    const staff = await db.user.findUniqueOrThrow({ where: { email: "ops@fieldfare.app" } });
    expect(staff.role).toBe("staff");
    expect(await db.businessAccount.count({ where: { status: "pending" } })).toBe(1);
    expect((await reconcile()).filter((c) => c.problems.length)).toEqual([]);
  });

  it("writes nothing on a second run", async () => {
    const before = await db.farmLedgerEntry.count();
    await seed(db);
    expect(await db.farmLedgerEntry.count()).toBe(before);
    // The paid one and the ops console's manual payout (prisma/seed/ops.ts).
    expect(await db.payout.count()).toBe(2);
  });
});
