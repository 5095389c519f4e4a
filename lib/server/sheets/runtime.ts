import "server-only";
import { dbKind } from "@/lib/server/platform/db";
import { notify } from "@/lib/server/platform/notify";
import { loadSheetsConfig, syncEnabled, type SheetsConfig } from "./config";
import { watchSynced } from "./sync-watcher";
import { SheetsWorker, type SheetsLog } from "./worker";

/**
 * The process's own outbox worker, if it runs one (startWorkers starts it, in the app unless
 * SHEETS_WORKER=off). Kept on globalThis so dev-mode module reloads do not start a second loop.
 */
const g = globalThis as unknown as {
  __fieldfareSheets?: { worker: SheetsWorker };
  __fieldfareSheetsConfig?: SheetsConfig;
};

export function startSheetsWorker(
  config: SheetsConfig = loadSheetsConfig(),
  opts: { log?: SheetsLog } = {},
): SheetsWorker {
  if (g.__fieldfareSheets) return g.__fieldfareSheets.worker;
  const worker = new SheetsWorker(config, opts).start();
  g.__fieldfareSheets = { worker };
  return worker;
}

export async function stopSheetsWorker(): Promise<void> {
  const current = g.__fieldfareSheets;
  g.__fieldfareSheets = undefined;
  await current?.worker.stop();
}

export function sheetsWorker(): SheetsWorker | undefined {
  return g.__fieldfareSheets?.worker;
}

export const NUDGE_CHANNEL = "sheets_outbox";

/**
 * Wake the worker right after a submission is committed: directly when it runs here, otherwise
 * (SHEETS_WORKER=off on PostgreSQL) with a NOTIFY that the processes running it listen for.
 */
export function nudgeSheetsWorker(): void {
  const worker = g.__fieldfareSheets?.worker;
  if (worker) return worker.nudge();
  if (dbKind() === "postgres") {
    notify(NUDGE_CHANNEL, "").catch(() => undefined); // the worker's poll is the fallback
  }
}

/**
 * The bounded wait behind `googleSheetsSuccess` (docs/operations.md): true only if the rows really
 * reached the sheet within the configured time (SHEETS_SYNC_WAIT_MS, default 2 s).
 */
export async function waitForSheetsSync(submissionIds: string[]): Promise<boolean> {
  const worker = g.__fieldfareSheets?.worker;
  if (worker) return worker.waitForSynced(submissionIds, worker.config.requestWaitMs);
  // No worker here: another process (npm run worker) may sync the rows, so watch the table.
  const config = (g.__fieldfareSheetsConfig ??= loadSheetsConfig());
  if (!syncEnabled(config) || config.requestWaitMs <= 0) return false;
  return watchSynced(submissionIds, config.requestWaitMs);
}
