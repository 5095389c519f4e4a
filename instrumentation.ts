/**
 * Next's start-up hook: hourly housekeeping (expired sessions, stale idempotency keys and rate-limit
 * rows), the Google Sheets outbox worker, the standing-order worker, the email sender and the weekly payouts inside the app
 * (docs/operations.md). Node.js runtime only, never during `next build` (nothing may open the
 * database then). SHEETS_WORKER=off, STANDING_WORKER=off, NOTIFICATIONS_WORKER=off or PAYOUTS_WORKER=off leaves that work to `npm run worker`
 * (scaled out).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startHousekeeping } = await import("./lib/server/platform/housekeeping");
  startHousekeeping();
  const off = (name: string) => (process.env[name] ?? "").trim().toLowerCase() === "off";
  if (!off("STANDING_WORKER")) {
    const { startStandingWorker } = await import("./lib/server/standing/worker");
    startStandingWorker();
  }
  if (!off("NOTIFICATIONS_WORKER")) {
    const { startNotifications } = await import("./lib/server/notifications/runtime");
    startNotifications();
  }
  if (!off("PAYOUTS_WORKER")) {
    const { startPayoutWorker } = await import("./lib/server/payments/payouts");
    startPayoutWorker();
  }
  if (off("SHEETS_WORKER")) return;
  const { startSheetsWorker } = await import("./lib/server/sheets/runtime");
  startSheetsWorker();
}
