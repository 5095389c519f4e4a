import "server-only";
import { dbKind } from "@/lib/server/platform/db";
import { startHousekeeping } from "@/lib/server/platform/housekeeping";
import type { Loop } from "@/lib/server/platform/loop";
import { listenOn } from "@/lib/server/platform/notify";
import { startNotifications } from "@/lib/server/emails/runtime";
import { NUDGE_CHANNEL, startSheetsWorker, stopSheetsWorker } from "@/lib/server/sheets/runtime";
import { startStandingWorker } from "@/lib/server/standing/worker";
import { startShareWorker } from "@/lib/server/shares/worker";
import { startPayoutWorker } from "@/lib/server/payments/payouts";
import { startReconcileWorker } from "@/lib/server/payments/reconcile";

/** Which background loops a process runs (docs/operations.md, "Workers"). */
export type Workers = {
  housekeeping: boolean;
  sheets: boolean;
  standing: boolean;
  notifications: boolean;
  payouts: boolean;
};

/** The app's share: everything, less what SHEETS_WORKER=off, STANDING_WORKER=off or NOTIFICATIONS_WORKER=off or PAYOUTS_WORKER=off leave to `npm run worker`. */
export function appWorkers(env: Record<string, string | undefined> = process.env): Workers {
  const on = (name: string) => (env[name] ?? "").trim().toLowerCase() !== "off";
  return {
    housekeeping: true,
    sheets: on("SHEETS_WORKER"),
    standing: on("STANDING_WORKER"),
    notifications: on("NOTIFICATIONS_WORKER"),
    payouts: on("PAYOUTS_WORKER"),
  };
}

/**
 * Starts the chosen loops, every one on startLoop (lib/server/platform/loop.ts), for
 * instrumentation.ts (inside the app) and scripts/worker.ts (a process of its own). On PostgreSQL
 * the Sheets worker also hears `sheets_outbox` on the process's one LISTEN connection, so rows a
 * submission commits elsewhere go out at once rather than at the next poll. Returns a stop that
 * lets every round in flight finish.
 */
export function startWorkers(
  which: Workers,
  log: (message: string) => void = (m) => console.info(m),
): () => Promise<void> {
  const loops: Loop[] = [];
  if (which.housekeeping) loops.push(startHousekeeping());
  if (which.standing) {
    loops.push(startStandingWorker());
    log("[standing] worker started");
    // Farm share boxes are placed as standing orders are: repeating orders at a slot's cutoff.
    loops.push(startShareWorker());
    log("[shares] worker started");
  }
  if (which.notifications) {
    loops.push(startNotifications());
    log("[mail] sender started");
  }
  if (which.payouts) {
    loops.push(startPayoutWorker());
    log("[payouts] worker started");
    // Reconcile against Stripe once a day, with the loop that moves the money it checks.
    loops.push(startReconcileWorker());
  }
  let sheets = false;
  if (which.sheets) {
    const worker = startSheetsWorker();
    sheets = worker.enabled;
    if (worker.enabled) {
      log("[sheets] worker started");
      if (dbKind() === "postgres")
        listenOn(NUDGE_CHANNEL, { onNotice: () => worker.nudge(), onLost: () => worker.nudge() });
    }
  }
  return async () => {
    await Promise.all([...loops.map((l) => l.stop()), sheets ? stopSheetsWorker() : undefined]);
  };
}
