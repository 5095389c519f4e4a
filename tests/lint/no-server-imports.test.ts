/**
 * The lint rule that keeps server code out of UI code (eslint-rules/), run through ESLint itself
 * with the project's config, on files that do not exist on disk.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const RULE = "fieldfare/no-server-imports-in-ui";

async function problems(code: string, file = "components/example/widget.tsx") {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("no imports from lib/server in UI code", () => {
  it("refuses value imports, re-exports and dynamic imports in a client component", async () => {
    const found = await problems(
      [
        `"use client";`,
        `import { db } from "@/lib/server/platform/db";`,
        `import { getCurrentUser } from "@/lib/server/auth/current-user";`,
        `export { housekeep } from "@/lib/server/platform/housekeeping";`,
        `import "server-only";`,
        `export const load = () => import("@/lib/server/orders/checkout");`,
        `export const x = [db, getCurrentUser];`,
      ].join("\n"),
    );
    expect(found).toHaveLength(5);
    expect(found[0]).toContain("'@/lib/server/platform/db'");
  });

  it("refuses type-only imports too: JSON types come from lib/contracts", async () => {
    const found = await problems(
      [
        `"use client";`,
        `import type { CurrentUser } from "@/lib/server/auth/current-user";`,
        `import { type OrderJson } from "@/lib/contracts/orders";`,
        `export type T = CurrentUser | OrderJson;`,
      ].join("\n"),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/lib/server/auth/current-user'");
  });

  it("refuses server imports in server components under components/", async () => {
    const found = await problems(
      `import { db } from "@/lib/server/platform/db";\nexport const n = db;\n`,
      "components/example/server-part.tsx",
    );
    expect(found).toHaveLength(1);
  });

  it("allows pages and server modules to import server code", async () => {
    const code = `import { db } from "@/lib/server/platform/db";\nexport const n = db;\n`;
    expect(await problems(code, "app/(app)/example/page.tsx")).toEqual([]);
    expect(await problems(code, "lib/server/example/read.ts")).toEqual([]);
  });
});
