/**
 * Next's start-up hook: the app's background loops (startWorkers, lib/server/workers.ts): hourly
 * housekeeping, the Google Sheets outbox worker, the standing-order worker, the email sender and
 * weekly payouts, less what SHEETS_WORKER=off, STANDING_WORKER=off, NOTIFICATIONS_WORKER=off or
 * PAYOUTS_WORKER=off leave to
 * `npm run worker` (docs/operations.md). Node.js runtime only, never during `next build` (nothing
 * may open the database then).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Refuse to start rather than run the demo payments in production unasked.
  const { assertDemoAllowed } = await import("./lib/server/payments/provider");
  assertDemoAllowed();
  const { appWorkers, startWorkers } = await import("./lib/server/workers");
  startWorkers(appWorkers());
}
