import "server-only";
import { EventEmitter } from "node:events";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { rowRanges } from "./a1";
import { syncEnabled, type SheetsConfig } from "./config";
import { createSheetsApi, describeSheetsError, type SheetsApi } from "./google-client";
import {
  claimDueRows,
  markRetry,
  markSynced,
  nextDueAt,
  syncedSubmissionIds,
  type ClaimedRow,
} from "./outbox";

export type SheetsLog = (level: "info" | "warn" | "error", message: string) => void;

const consoleLog: SheetsLog = (level, message) => console[level](`[sheets] ${message}`);

export const SYNC_OFF_MESSAGE = "Google Sheets sync is off";

/**
 * The outbox worker (docs/operations.md). One loop per process (startLoop): claim due rows, append
 * them in one batch, record where they landed; on failure back off and try again. Right after a
 * batch it looks again; idle, it waits until the next row falls due, at most SHEETS_POLL_MS, or a
 * nudge. Started by startWorkers (lib/server/workers.ts), in the app or in `npm run worker`.
 */
export class SheetsWorker {
  readonly enabled: boolean;
  private readonly api: SheetsApi | null;
  private readonly log: SheetsLog;
  private readonly events = new EventEmitter();
  private loop: Loop | null = null;
  private stopping = false;

  constructor(
    readonly config: SheetsConfig,
    opts: { log?: SheetsLog; api?: SheetsApi } = {},
  ) {
    this.log = opts.log ?? consoleLog;
    this.enabled = syncEnabled(config);
    this.api = this.enabled ? (opts.api ?? createSheetsApi(config)) : null;
    this.events.setMaxListeners(0);
  }

  get running(): boolean {
    return this.loop !== null;
  }

  /** Starts the loop. With no credentials it only says so, once: rows stay pending until a restart with credentials. */
  start(): this {
    if (this.loop || this.stopping) return this;
    if (!this.enabled) {
      this.log(
        "warn",
        `${SYNC_OFF_MESSAGE}: ${this.config.offReason}. Submissions are saved and their rows are kept and will sync when credentials are configured.`,
      );
      return this;
    }
    this.loop = startLoop(async () => ((await this.runOnce()) > 0 ? 0 : this.idleDelay()), {
      firstMs: 0,
      intervalMs: this.config.pollMs,
      log: (m) => this.log("error", `outbox ${m}`),
    });
    return this;
  }

  /** Wakes the loop now (called after each new submission). */
  nudge(): void {
    this.loop?.nudge();
  }

  /** Graceful stop: lets the batch in flight finish (each call is bounded by the request timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop?.stop();
    this.loop = null;
  }

  /**
   * Resolves true once every id is in the sheet, false after `ms`. Listens to this worker's
   * results (rows synced by another process are seen by sync-watcher.ts instead).
   */
  async waitForSynced(ids: string[], ms: number): Promise<boolean> {
    if (!this.enabled || ms <= 0) return false;
    const left = new Set(ids);
    let onSynced: (synced: string[]) => void = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<boolean>((resolve) => {
      onSynced = (synced) => {
        for (const id of synced) left.delete(id);
        if (left.size === 0) resolve(true);
      };
      timer = setTimeout(() => resolve(false), ms);
    });
    this.events.on("synced", onSynced);
    try {
      // Subscribed first, then checked: a row synced in between is seen by one or the other.
      onSynced([...(await syncedSubmissionIds(ids))]);
      return await done;
    } finally {
      this.events.off("synced", onSynced);
      clearTimeout(timer);
    }
  }

  /** One claim-and-append round. Returns how many rows it handled (0 → nothing was due). */
  async runOnce(): Promise<number> {
    if (!this.api) return 0;
    const c = this.config;
    // Token fetch, id read and append are each bounded by the timeout; the margin covers the database.
    const leaseMs = c.requestTimeoutMs * 3 + 5_000;
    const claimed = await claimDueRows(c.batchSize, leaseMs);
    if (!claimed.length) return 0;
    let rest = claimed;
    try {
      if (claimed.some((r) => r.attempts > 1)) {
        // An earlier try of some of these rows may have reached the sheet (a timeout or 5xx after
        // Google stored them, or a crash before we recorded it): never append those twice.
        const present = await this.api.readIds();
        const already = claimed.filter((r) => present.has(r.submissionId));
        if (already.length) {
          await markSynced(
            already.map((row) => ({ row, updatedRange: present.get(row.submissionId)! })),
          );
          this.emitSynced(already);
          rest = claimed.filter((r) => !present.has(r.submissionId));
        }
      }
      if (rest.length) {
        const { updatedRange } = await this.api.append(rest.map((r) => r.row));
        const ranges = rowRanges(updatedRange, rest.length);
        await markSynced(rest.map((row, i) => ({ row, updatedRange: ranges[i] })));
        this.emitSynced(rest);
      }
    } catch (error) {
      const { message, retryAfterMs } = describeSheetsError(error);
      const attempts = Math.max(...rest.map((r) => r.attempts));
      this.log(
        "warn",
        `append of ${rest.length} row(s) failed (attempt ${attempts}): ${message}; will retry`,
      );
      await markRetry(rest, message, c, retryAfterMs);
    }
    return claimed.length;
  }

  private emitSynced(rows: ClaimedRow[]) {
    this.events.emit(
      "synced",
      rows.map((r) => r.submissionId),
    );
  }

  /** The wait after an idle round: until the next row falls due (a retry after backoff), at most pollMs. */
  private async idleDelay(): Promise<number> {
    try {
      const due = await nextDueAt();
      if (due) return Math.min(this.config.pollMs, Math.max(10, due.getTime() - Date.now()));
    } catch {
      /* fall back to the poll interval */
    }
    return this.config.pollMs;
  }
}
