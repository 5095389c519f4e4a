import "server-only";
import { db } from "@/lib/server/platform/db";
import { cachedCatalogRead } from "./cache";
import type { CategoryJson } from "@/lib/contracts/catalog";

export function listCategories(): Promise<CategoryJson[]> {
  return cachedCatalogRead("categories", () =>
    db.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, icon: true } }),
  );
}
