import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";

describe("test database", () => {
  it("starts migrated and empty", async () => {
    expect(await db.category.count()).toBe(0);
    const c = await db.category.create({ data: { name: "Vegetables", icon: "seedling" } });
    expect(c.id).toBeGreaterThan(0);
  });
});
