import "server-only";
import { syncedSubmissionIds } from "./outbox";

/**
 * For an app instance without its own worker (SHEETS_WORKER=off): requests waiting for their row
 * to reach the sheet share one poll of the outbox every 200 ms, so a burst of sign-ups costs one
 * query per tick rather than one per request.
 */
type Waiter = { left: Set<string>; done: (synced: boolean) => void };

const POLL_MS = 200;
const waiters = new Map<string, Set<Waiter>>();
let polling = false;

export function watchSynced(ids: string[], ms: number): Promise<boolean> {
  if (ms <= 0 || ids.length === 0) return Promise.resolve(ids.length === 0);
  return new Promise((resolve) => {
    const waiter: Waiter = {
      left: new Set(ids),
      done: (synced) => {
        clearTimeout(timer);
        for (const id of ids) {
          const set = waiters.get(id);
          set?.delete(waiter);
          if (set?.size === 0) waiters.delete(id);
        }
        resolve(synced);
      },
    };
    const timer = setTimeout(() => waiter.done(false), ms);
    for (const id of ids) {
      if (!waiters.has(id)) waiters.set(id, new Set());
      waiters.get(id)!.add(waiter);
    }
    if (!polling) void poll();
  });
}

async function poll() {
  polling = true;
  try {
    while (waiters.size > 0) {
      try {
        const synced = await syncedSubmissionIds([...waiters.keys()]);
        for (const id of synced) {
          for (const w of [...(waiters.get(id) ?? [])]) {
            w.left.delete(id);
            if (w.left.size === 0) w.done(true);
          }
        }
      } catch {
        /* the database hiccuped: the waiters' own deadlines still apply */
      }
      if (waiters.size > 0) await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    polling = false;
  }
}
