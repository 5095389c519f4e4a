/**
 * The lint rule that keeps server code out of client components (eslint-rules/), run through
 * ESLint itself with the project's config, on files that do not exist on disk.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const RULE = "fieldfare/no-server-imports-in-client";

async function problems(code: string, file = "components/example/widget.tsx") {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("no value imports from lib/server in client components", () => {
  it("refuses a value import, a re-export and a dynamic import in a client component", async () => {
    const found = await problems(
      [
        `"use client";`,
        `import { db } from "@/lib/server/db";`,
        `import { getCurrentUser, type CurrentUser } from "@/lib/server/auth/current-user";`,
        `export { housekeep } from "@/lib/server/housekeeping";`,
        `import "server-only";`,
        `export const load = () => import("@/lib/server/orders/checkout");`,
        `export const x = [db, getCurrentUser] as unknown as CurrentUser;`,
      ].join("\n"),
    );
    expect(found).toHaveLength(5);
    expect(found[0]).toContain("'@/lib/server/db'");
  });

  it("allows type-only imports in a client component", async () => {
    const found = await problems(
      [
        `"use client";`,
        `import type { CurrentUser } from "@/lib/server/auth/current-user";`,
        `import { type OrderJson } from "@/lib/server/orders/serialize";`,
        `export type T = CurrentUser | OrderJson;`,
      ].join("\n"),
    );
    expect(found).toEqual([]);
  });

  it("allows server components and server modules to import server code", async () => {
    const found = await problems(
      `import { db } from "@/lib/server/db";\nexport const n = db;\n`,
      "components/example/server-part.tsx",
    );
    expect(found).toEqual([]);
  });
});
