import { CATEGORIES, type CategoryKey } from "@/prisma/seed-data/catalog";
import type { SeedLog, Tx } from "./types";

/** Creates the six spec categories that are missing (name is the natural key); returns key → id. */
export async function ensureCategories(tx: Tx, log: SeedLog): Promise<Record<CategoryKey, number>> {
  const names = CATEGORIES.map((c) => c.name);
  const existing = await tx.category.findMany({
    where: { name: { in: names } },
    select: { name: true },
  });
  const have = new Set(existing.map((c) => c.name));
  const missing = CATEGORIES.filter((c) => !have.has(c.name));
  if (missing.length)
    await tx.category.createMany({
      data: missing.map(({ name, icon }) => ({ name, icon })),
      skipDuplicates: true,
    });
  log(`categories: ${CATEGORIES.length} (${missing.length} new)`);

  const rows = await tx.category.findMany({
    where: { name: { in: names } },
    select: { id: true, name: true },
  });
  const idByName = new Map(rows.map((r) => [r.name, r.id]));
  return Object.fromEntries(CATEGORIES.map((c) => [c.key, idByName.get(c.name)!])) as Record<
    CategoryKey,
    number
  >;
}
