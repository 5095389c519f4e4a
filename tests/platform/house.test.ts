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

/** Every import of `file` that names a file of the tree (static, type-only, dynamic, re-export). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of read(file).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)) {
    const spec = m[1];
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), spec)
        : null;
    if (base === null) continue;
    const hit = ["", ".ts", ".tsx", ".mts", ".mjs", "/index.ts", "/index.tsx"]
      .map((ext) => base + ext)
      .find((candidate) => FILES.has(candidate));
    if (hit) found.push(hit);
  }
  return found;
}

const FILES = new Set(withRoot(APP_CODE));

/** The circles of a graph: its strongly connected components with more than one node (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("imports", () => {
  const files = new Map([...FILES].map((f) => [f, importsOf(f)]));

  it("make no circle between files", () => {
    expect(circles(files)).toEqual([]);
  });

  it("make no circle between the folders of lib/server: each imports only what stands below it", () => {
    const folderOf = (f: string) => f.split("/").slice(0, 3).join("/");
    const folders = new Map<string, string[]>();
    for (const [file, targets] of files) {
      if (!file.startsWith("lib/server/")) continue;
      const from = folderOf(file);
      const to = targets.filter((t) => t.startsWith("lib/server/")).map(folderOf);
      folders.set(from, [...(folders.get(from) ?? []), ...to.filter((t) => t !== from)]);
    }
    expect(circles(folders)).toEqual([]);
  });

  it("keep the farm's books in lib/server/accounting/: over the owners it reads, under emails/ and ops/", () => {
    const folderOf = (f: string) => f.split("/").slice(0, 3).join("/");
    const accounting = [...files].filter(([f]) => f.startsWith("lib/server/accounting/"));
    expect(accounting.length).toBeGreaterThan(0);
    // It reads the rows their owners write (orders, the farm ledger, taxes) and writes none.
    const above = ["emails", "ops", "orders", "documents", "standing", "credit"].map(
      (d) => `lib/server/${d}`,
    );
    const upward = accounting.flatMap(([f, targets]) =>
      targets.filter((t) => above.includes(folderOf(t))).map((t) => `${f} → ${t}`),
    );
    expect(upward).toEqual([]);
    const below = ["farm", "payments", "tax", "wallet", "platform", "auth"].map(
      (d) => `lib/server/${d}`,
    );
    const intoIt = [...files].flatMap(([f, targets]) =>
      below.includes(folderOf(f))
        ? targets.filter((t) => t.startsWith("lib/server/accounting/")).map((t) => `${f} → ${t}`)
        : [],
    );
    expect(intoIt).toEqual([]);
    const writes = accounting.filter(([f]) =>
      /\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|\b(INSERT|UPDATE|DELETE)\b/.test(
        read(f),
      ),
    );
    expect(writes.map(([f]) => f)).toEqual([]);
  });
});
