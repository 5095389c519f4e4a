/**
 * Rules of the house that a reader should be able to trust without reading every file
 * (docs/architecture.md): checked on the source tree itself.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated")
        out.push(...sourceFiles(rel));
    } else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const APP_CODE = ["app", "components", "lib", "prisma", "scripts", "bench"].flatMap(sourceFiles);
const withRoot = (files: string[]) => [...files, "instrumentation.ts", "proxy.ts"];

describe("transactions", () => {
  it("open only through inTransaction (lib/server/platform/transaction.ts), with its limits", () => {
    const outside = withRoot(APP_CODE).filter(
      (f) => f !== "lib/server/platform/transaction.ts" && /\$transaction\s*\(/.test(read(f)),
    );
    expect(outside).toEqual([]);
  });
});
