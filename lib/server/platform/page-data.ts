import "server-only";
import { parseIdParam } from "@/lib/validators/id";
import { isAppError } from "./errors";

/**
 * The row a `/…/{id}` page shows, read by `get`, or null for an id that is not a number or names
 * no row (`get` throws not_found): the page answers 404.
 */
export async function pageRow<T>(id: string, get: (id: number) => Promise<T>): Promise<T | null> {
  const numericId = parseIdParam(id);
  if (numericId === null) return null;
  try {
    return await get(numericId);
  } catch (e) {
    if (isAppError(e, "not_found")) return null;
    throw e;
  }
}

/**
 * A page's first data for its view, or null when reading it failed: the error is logged under
 * `page`, and the view then says so and reads the data again in the browser.
 */
export function initialOrNull<T>(page: string, read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    console.error(`[${page}] failed to load:`, error);
    return null;
  });
}
