import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { countScaleProducts, seed, seedScale } from "@/prisma/seed";

describe("seed:scale", () => {
  it("adds products up to the requested total, spread over farms and categories, without duplicating", async () => {
    await seed(db);
    const base = await db.product.count();
    const progress: number[] = [];

    const r1 = await seedScale(db, {
      products: 130,
      batchSize: 50,
      onProgress: (done) => progress.push(done),
    });
    expect(r1).toEqual({ created: 130, total: 130 });
    expect(progress).toEqual([50, 100, 130]);
    expect(await countScaleProducts(db)).toBe(130);
    expect(await db.product.count()).toBe(base + 130);

    // Rerunning with the same target adds nothing; a larger one tops up.
    expect(await seedScale(db, { products: 130 })).toEqual({ created: 0, total: 130 });
    expect(await seedScale(db, { products: 200, batchSize: 1000 })).toEqual({
      created: 70,
      total: 200,
    });
    expect(await db.product.count()).toBe(base + 200);

    const scale = await db.product.findMany({
      where: { farm: { user: { email: { endsWith: "@scale.fieldfare.app" } } } },
      include: { farm: { include: { user: true } } },
    });
    expect(scale).toHaveLength(200);
    expect(new Set(scale.map((p) => p.categoryId)).size).toBe(6);
    for (const p of scale) {
      expect(p.farm.user.userType).toBe("farmer");
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.priceCents % 10).toBe(9);
      expect(p.image).toMatch(/^\/images\/food\//);
      expect(p.inStock).toBe(p.stock > 0);
    }
    const featured = scale.filter((p) => p.isFeatured).length;
    const popular = scale.filter((p) => p.isPopular).length;
    expect(featured).toBe(10); // every 20th: 5%
    expect(popular).toBe(10);
    // The generated names go through the real search column.
    const hits = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Product" WHERE "search" @@ plainto_tsquery('english', $1)`,
      scale[0].name,
    );
    expect(hits[0].n).toBeGreaterThan(0);
    // The demo catalog is untouched.
    expect(await db.category.count()).toBe(6);
  });
});
