import "server-only";
import { db } from "@/lib/server/db";
import type { CategoryJson } from "./types";

export async function listCategories(): Promise<CategoryJson[]> {
  return db.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, icon: true } });
}
