/**
 * Next's start-up hook: hourly housekeeping (expired sessions, stale idempotency keys and rate-limit
 * rows) and the Google Sheets outbox worker inside the app (docs/operations.md).
 * Node.js runtime only, never during `next build` (nothing may open the database then), and not
 * when SHEETS_WORKER=off (scaled out: `npm run worker` does the syncing instead).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startHousekeeping } = await import("./lib/server/housekeeping");
  startHousekeeping();
  if ((process.env.SHEETS_WORKER ?? "").trim().toLowerCase() === "off") return;
  const { startSheetsWorker } = await import("./lib/server/sheets/runtime");
  startSheetsWorker();
}
