import fs from "node:fs";
import path from "node:path";

/** The migration history as SQL, in order (what `prisma migrate deploy` applies). */
export function migrationSql(): string {
  const dir = path.resolve("prisma/migrations");
  return fs
    .readdirSync(dir)
    .filter((d) => fs.statSync(path.join(dir, d)).isDirectory())
    .sort()
    .map((d) => fs.readFileSync(path.join(dir, d, "migration.sql"), "utf8"))
    .join("\n");
}
