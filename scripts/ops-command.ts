/**
 * What every ops command (`npm run farmer:invite`, `npm run buyer:approve`) does around its own
 * work: refuse to open the embedded PGlite folder while the app may hold it, turn a refusal
 * (AppError) into its message and exit code 1, and close the database.
 */
import { closeDb, dbKind } from "@/lib/server/platform/db";
import { AppError } from "@/lib/server/platform/errors";

/** PGlite lets one process own its folder; a second writer would silently lose writes (docs/architecture.md). */
export function refuseEmbeddedWhileAppRuns(command: string, args: string[]): void {
  if (dbKind() !== "pglite" || args.includes("--app-stopped")) return;
  console.error(
    `The embedded PGlite database can be opened by one process only: stop the app, then run\n  npm run ${command} -- ${args.map((a) => JSON.stringify(a)).join(" ")} --app-stopped`,
  );
  process.exit(2);
}

export async function runOpsCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(e.message);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}
