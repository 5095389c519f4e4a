/**
 * One owner per piece of data (docs/architecture.md, "Who owns which data"): a product's stock is
 * written only by lib/server/stock/, `Notification` rows are inserted only by
 * lib/server/notifications/, CSV only by lib/server/platform/csv.ts. Read from the source of the
 * app's own code.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === "lib/generated" ? [] : sources(rel);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

const files = ["lib", "app", "scripts"].flatMap(sources);

/** The files (outside `owner`) in which `pattern` matches, with the text it matched. */
function writersOutside(owner: string, pattern: RegExp): string[] {
  return files
    .filter((file) => !file.startsWith(owner))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return [...text.matchAll(pattern)].map((m) => `${file}: ${m[0].replace(/\s+/g, " ")}`);
    });
}

describe("one owner per piece of data", () => {
  it("only lib/server/stock/ writes a product's stock", () => {
    expect(
      writersOutside("lib/server/stock/", /UPDATE\s+"Product"[^`]*?SET[^`]*?"(in)?[sS]tock"/g),
    ).toEqual([]);
    expect(
      writersOutside(
        "lib/server/stock/",
        /\b(data\.(stock|inStock)\s*=|(stock|inStock)\s*:\s*(input\.|\{\s*(increment|decrement)))/g,
      ),
    ).toEqual([]);
  });

  it("only lib/server/notifications/ inserts Notification rows", () => {
    expect(
      writersOutside(
        "lib/server/notifications/",
        /INSERT\s+INTO\s+"Notification"|\bnotification\.(create|createMany|upsert)\(/g,
      ),
    ).toEqual([]);
  });

  it("only lib/server/platform/csv.ts writes CSV (the formula guard, docs/architecture.md)", () => {
    expect(
      writersOutside("lib/server/platform/csv.ts", /from\s+["']csv-stringify[^"']*["']/g),
    ).toEqual([]);
  });
});
