/**
 * `npm run sheets:status`: how the Google Sheets outbox stands (pending, failed, synced, oldest
 * pending age, last error). `--requeue-failed` puts failed rows back in the queue for an
 * immediate retry.
 *   node --import tsx --conditions=react-server scripts/sheets-status.ts [--requeue-failed]
 */
import { closeDb, dbKind } from "@/lib/server/platform/db";
import { loadSheetsConfig } from "@/lib/server/sheets/config";
import { outboxCounts, requeueFailed } from "@/lib/server/sheets/outbox";

const args = new Set(process.argv.slice(2));
if (dbKind() === "pglite" && !args.has("--app-stopped")) {
  console.error(
    "The embedded PGlite database can be opened by one process only: stop the app, then run\n" +
      "  npm run sheets:status -- --app-stopped",
  );
  process.exit(2);
}

function age(from: Date | null): string {
  if (!from) return "-";
  const s = Math.max(0, Math.round((Date.now() - from.getTime()) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.round(s / 60)}m`;
  return `${(s / 3600).toFixed(1)}h`;
}

try {
  if (args.has("--requeue-failed")) console.log(`requeued ${await requeueFailed()} failed row(s)`);
  const c = await outboxCounts();
  const config = loadSheetsConfig();
  console.log(
    `sync:     ${config.offReason ? `off (${config.offReason})` : `on → ${config.spreadsheetId} ${config.range}`}`,
  );
  console.log(`pending:  ${c.pending}`);
  console.log(`failed:   ${c.failed}`);
  console.log(`synced:   ${c.synced}`);
  console.log(`oldest pending: ${age(c.oldestPendingAt)}`);
  if (c.lastError) console.log(`last error: ${c.lastError}`);
} finally {
  await closeDb();
}
