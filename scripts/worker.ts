/**
 * `npm run worker`: the Google Sheets outbox worker, the standing-order worker, the email sender and payouts
 * as their own process, for scale-out (docs/operations.md). Run one or more next to app instances
 * started with SHEETS_WORKER=off STANDING_WORKER=off NOTIFICATIONS_WORKER=off PAYOUTS_WORKER=off; rows are shared out with FOR UPDATE SKIP LOCKED. Stops
 * gracefully on SIGINT/SIGTERM (the batch and the placement in flight finish).
 *   node --import tsx --conditions=react-server scripts/worker.ts
 */
import pg from "pg";
import { closeDb, databaseUrl, dbKind } from "@/lib/server/platform/db";
import { loadSheetsConfig } from "@/lib/server/sheets/config";
import { NUDGE_CHANNEL } from "@/lib/server/sheets/runtime";
import { SheetsWorker } from "@/lib/server/sheets/worker";
import { startNotifications } from "@/lib/server/notifications/runtime";
import { startStandingWorker } from "@/lib/server/standing/worker";
import { startPayoutWorker } from "@/lib/server/payments/payouts";

if (dbKind() !== "postgres") {
  // PGlite allows one process per data folder; a second one silently loses writes.
  console.error(
    "npm run worker needs PostgreSQL (DATABASE_URL=postgres://…). With the embedded database the app's in-process worker syncs the sheet.",
  );
  process.exit(2);
}

const worker = new SheetsWorker(loadSheetsConfig()).start();
const stopStanding = startStandingWorker();
console.info("[standing] worker started");
const stopNotifications = startNotifications();
console.info("[mail] sender started");
const stopPayouts = startPayoutWorker();
console.info("[payouts] worker started");
let listener: pg.Client | null = null;

if (worker.enabled) {
  console.info("[sheets] worker started");
  // Submissions NOTIFY after commit, so rows go out at once rather than at the next poll.
  listener = new pg.Client({ connectionString: databaseUrl() });
  listener.on("notification", () => worker.nudge());
  listener.on("error", (error) =>
    console.warn(`[sheets] LISTEN connection lost (${error.message}); polling only`),
  );
  await listener.connect().then(
    () => listener!.query(`LISTEN ${NUDGE_CHANNEL}`),
    (error: Error) => console.warn(`[sheets] cannot LISTEN (${error.message}); polling only`),
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.info(`[sheets] ${signal}: finishing the batch in flight…`);
  await Promise.all([worker.stop(), stopStanding(), stopNotifications(), stopPayouts()]);
  await listener?.end().catch(() => undefined);
  await closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// With sync off the worker only said so; stay up (idle) so a supervisor does not restart-loop it.
setInterval(() => undefined, 1 << 30);
