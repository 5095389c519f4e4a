/**
 * The farm app's outbox (docs/offline.md, "Ticks and handovers offline"): a pack list tick or a
 * handover made without a network waits on the phone and is sent when the network is back, in the
 * order it was made, each exactly once. Exactly once is the server's: every action carries its own
 * Idempotency-Key from the moment it is queued, so a send whose answer was lost is sent again with
 * the same key and the server answers what it did the first time instead of doing it twice.
 *
 * This file is the logic only (no browser API): the store and the sender are passed in, so the
 * unit tests run it against a map and a fake server. The browser's half is ./outbox.ts.
 */

/** What the farmer did. */
export type OutboxAction =
  | { kind: "tick"; orderId: number; productId: number | null; packed: boolean }
  | { kind: "handover"; orderId: number };

export type OutboxEntry = {
  /** The store's key: increasing, so the order actions were made in. */
  id: number;
  /** The action's Idempotency-Key, the same on every send. */
  key: string;
  /** Whose session made it: sent only while the same user is signed in. */
  userId: number;
  action: OutboxAction;
  /** How the outbox lists it ("Handed over order #12"). */
  label: string;
  /** Waiting to be sent, or refused by the server (with the server's reason). */
  state: "waiting" | "refused";
  reason?: string;
  queuedAt: string;
};

/** What a send came to: the server's answer, or no answer at all (no network, a lost answer). */
export type SendResult = { status: number; body: string } | { status: "network" };

/** The call an action is: the same endpoints and bodies the screens use online. */
export function requestOf(action: OutboxAction): {
  path: string;
  method: "PUT" | "POST";
  json?: unknown;
} {
  if (action.kind === "tick")
    return {
      path: "/api/my-farm/pack-list/ticks",
      method: "PUT",
      json: { orderId: action.orderId, productId: action.productId, packed: action.packed },
    };
  return { path: `/api/my-farm/orders/${action.orderId}/complete`, method: "POST" };
}

/** The server's sentence from an error answer (our `{message}` JSON), else a plain one. */
export function reasonOf(result: SendResult): string {
  if (result.status === "network") return "No connection";
  try {
    const body = JSON.parse(result.body) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return `The server answered ${result.status}`;
}

/**
 * What to do with an answer: done (2xx), refused for good (a 4xx the same request would get
 * again: the order was cancelled, the line is gone), or try again later with the same key (no
 * answer, signed out, too many requests, a server error).
 */
export function outcomeOf(result: SendResult): "sent" | "refused" | "retry" {
  if (result.status === "network") return "retry";
  if (result.status >= 200 && result.status < 300) return "sent";
  if (result.status === 401 || result.status === 408 || result.status === 429) return "retry";
  if (result.status >= 400 && result.status < 500) return "refused";
  return "retry";
}

/** The outbox's storage: IndexedDB in the browser (./outbox-store.ts), a map in the tests. */
export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: number): Promise<void>;
}

export type Delivery =
  | { id: number; outcome: "sent"; body: string }
  | { id: number; outcome: "refused"; status: number; body: string; reason: string }
  | { id: number; outcome: "waiting" };

/**
 * Sends the user's waiting actions one at a time, oldest first. A sent one leaves the store; a
 * refused one stays, marked with the server's reason, and the next is sent (a cancelled order must
 * not hold back the other orders' ticks), unless `forget(id)` says someone is already showing the
 * refusal; the first that gets no answer stops the run, so nothing overtakes it, and it and the
 * rest stay waiting. Answers what became of each entry it looked at, in order.
 */
export async function drain(
  store: OutboxStore,
  userId: number,
  send: (entry: OutboxEntry) => Promise<SendResult>,
  forget: (id: number) => boolean = () => false,
): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const queue = (await store.list())
    .filter((e) => e.userId === userId && e.state === "waiting")
    .sort((a, b) => a.id - b.id);
  for (let i = 0; i < queue.length; i++) {
    const entry = queue[i];
    const result = await send(entry);
    const outcome = outcomeOf(result);
    if (outcome === "retry" || result.status === "network") {
      for (const rest of queue.slice(i)) deliveries.push({ id: rest.id, outcome: "waiting" });
      break;
    }
    if (outcome === "sent") {
      await store.remove(entry.id);
      deliveries.push({ id: entry.id, outcome: "sent", body: result.body });
    } else {
      const reason = reasonOf(result);
      if (forget(entry.id)) await store.remove(entry.id);
      else await store.put({ ...entry, state: "refused", reason });
      deliveries.push({
        id: entry.id,
        outcome: "refused",
        status: result.status,
        body: result.body,
        reason,
      });
    }
  }
  return deliveries;
}

/**
 * An order's packed lines as the farmer sees them: the server's, then each of its waiting ticks
 * in the order they were made (a whole-order tick packs or unpacks every line).
 */
export function packedWithOutbox(
  orderId: number,
  lines: number[],
  packed: number[],
  entries: OutboxEntry[],
): number[] {
  let now = [...packed];
  for (const e of [...entries].sort((a, b) => a.id - b.id)) {
    const a = e.action;
    if (e.state !== "waiting" || a.kind !== "tick" || a.orderId !== orderId) continue;
    const ids = a.productId === null ? lines : [a.productId];
    now = a.packed ? [...new Set([...now, ...ids])] : now.filter((p) => !ids.includes(p));
  }
  return lines.filter((l) => now.includes(l));
}

/** The orders with a handover waiting to be sent. */
export function waitingHandovers(entries: OutboxEntry[]): Set<number> {
  return new Set(
    entries
      .filter((e) => e.state === "waiting" && e.action.kind === "handover")
      .map((e) => e.action.orderId),
  );
}
