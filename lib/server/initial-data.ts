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
