/**
 * `npm run worker`: the Google Sheets outbox worker, the standing-order worker, the email sender and
 * payouts as their own process, for scale-out (docs/operations.md), through the app's own startWorkers().
 * Run one or more next to app instances started with SHEETS_WORKER=off STANDING_WORKER=off
 * NOTIFICATIONS_WORKER=off PAYOUTS_WORKER=off; rows are shared out with FOR UPDATE SKIP LOCKED. Stops gracefully on
 * SIGINT/SIGTERM (the batch and the placement in flight finish).
 *   node --import tsx --conditions=react-server scripts/worker.ts
 */
import { closeDb, dbKind } from "@/lib/server/platform/db";
import { closeListener } from "@/lib/server/platform/notify";
import { startWorkers } from "@/lib/server/workers";

if (dbKind() !== "postgres") {
  // PGlite allows one process per data folder; a second one silently loses writes.
  console.error(
    "npm run worker needs PostgreSQL (DATABASE_URL=postgres://…). With the embedded database the app's in-process worker syncs the sheet.",
  );
  process.exit(2);
}

const stop = startWorkers({
  housekeeping: false,
  sheets: true,
  standing: true,
  notifications: true,
  payouts: true,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.info(`[worker] ${signal}: finishing the rounds in flight…`);
  await stop();
  await closeListener();
  await closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// The loops' timers do not keep a process alive; this one stays up (idle if sync is off) so a
// supervisor does not restart-loop it.
setInterval(() => undefined, 1 << 30);
