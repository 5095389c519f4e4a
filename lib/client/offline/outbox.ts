"use client";
import { useSyncExternalStore } from "react";
import { apiErrorFrom, newIdempotencyKey, type ApiError } from "@/lib/client/api";
import { indexedDbOutbox as store } from "./outbox-store";
import { drain, requestOf, type OutboxAction, type OutboxEntry, type SendResult } from "./queue";

/**
 * The browser's outbox (docs/offline.md): every pack list tick and handover goes through it, online
 * or not, so a later action never overtakes one still waiting. `submit` stores the action with its
 * Idempotency-Key, then sends what is waiting; online, the caller gets the server's answer as
 * before, offline (or with no answer) it hears "queued" and the action waits for the network.
 */
export type Submitted<T> =
  { status: "sent"; value: T } | { status: "queued" } | { status: "refused"; error: ApiError };

let user: number | null = null;
let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();
const deliveredListeners = new Set<() => void>();
const waiters = new Map<number, (d: Submitted<unknown>) => void>();
let running: Promise<void> | null = null;
let again = false;

async function reload() {
  entries = user === null ? [] : (await store.list()).filter((e) => e.userId === user);
  listeners.forEach((l) => l());
}

/** Another tab of this browser changed the outbox. */
const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("ff-outbox") : null;
if (channel) channel.onmessage = () => void reload();
const changed = async () => {
  await reload();
  channel?.postMessage("changed");
};

async function send(entry: OutboxEntry): Promise<SendResult> {
  const { path, method, json } = requestOf(entry.action);
  const headers = new Headers({ "idempotency-key": entry.key });
  if (json !== undefined) headers.set("content-type", "application/json");
  try {
    const res = await fetch(path, {
      method,
      headers,
      credentials: "include",
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: "network" };
  }
}

async function drainOnce() {
  if (user === null) return;
  const me = user;
  const work = () => drain(store, me, send, (id) => waiters.has(id));
  // One sender per browser: two tabs never send the same entry at once.
  const deliveries = navigator.locks
    ? await navigator.locks.request("ff-outbox", work)
    : await work();
  let delivered = false;
  for (const d of deliveries) {
    const waiter = waiters.get(d.id);
    waiters.delete(d.id);
    if (d.outcome === "sent") {
      delivered ||= !waiter;
      waiter?.({ status: "sent", value: d.body ? JSON.parse(d.body) : undefined });
    } else if (d.outcome === "refused") {
      delivered ||= !waiter;
      waiter?.({ status: "refused", error: apiErrorFrom(d.status, "", d.body) });
    } else waiter?.({ status: "queued" });
  }
  await changed();
  if (delivered) deliveredListeners.forEach((l) => l());
}

/** Tells everyone awaiting an answer that their action waits for the network. */
function stillWaiting() {
  for (const [id, w] of waiters) {
    waiters.delete(id);
    w({ status: "queued" });
  }
}

/** Sends what is waiting (one run at a time; a call during a run runs once more after it). */
export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const run = async () => {
    do {
      again = false;
      if (!navigator.onLine) {
        stillWaiting();
        break;
      }
      try {
        await drainOnce();
      } catch (e) {
        // The store failed (storage full, a private window): what waits stays for the next run.
        console.warn("[outbox] not sent:", e);
        stillWaiting();
        break;
      }
    } while (again);
  };
  // Cleared after the run ends, never before it is set (an offline run ends without a pause).
  running = run().finally(() => {
    running = null;
  });
  return running;
}

let userWaiters: ((id: number) => void)[] = [];
/** A tap may come before the page has read who is signed in: it waits for that, up to 15 s. */
function signedInUser(): Promise<number> {
  if (user !== null) return Promise.resolve(user);
  return new Promise((resolve, reject) => {
    const late = setTimeout(() => reject(new Error("Not signed in on this page yet")), 15_000);
    userWaiters.push((id) => {
      clearTimeout(late);
      resolve(id);
    });
  });
}

/** Stores the action for the signed-in user and sends it, after any still waiting. */
export async function submit<T>(action: OutboxAction, label: string): Promise<Submitted<T>> {
  const userId = await signedInUser();
  const entry = await store.add({
    key: newIdempotencyKey(),
    userId,
    action,
    label,
    state: "waiting",
    queuedAt: new Date().toISOString(),
  });
  const answer = new Promise<Submitted<T>>((resolve) =>
    waiters.set(entry.id, resolve as (d: Submitted<unknown>) => void),
  );
  await changed();
  void flushOutbox();
  return answer;
}

/** Takes a refused entry off the list once the farmer has read it. */
export async function dismiss(id: number): Promise<void> {
  await store.remove(id);
  await changed();
}

/** Whose actions are shown and sent: the signed-in user (null: none). */
export function setOutboxUser(id: number | null) {
  if (user === id) return;
  user = id;
  void reload();
  if (id !== null) {
    const waiting = userWaiters;
    userWaiters = [];
    waiting.forEach((w) => w(id));
  }
}

/** Called after actions queued earlier reached the server (the page then reads it again). */
export function onDelivered(listener: () => void): () => void {
  deliveredListeners.add(listener);
  return () => void deliveredListeners.delete(listener);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const none: OutboxEntry[] = [];

/** The signed-in user's outbox, oldest first. */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => none,
  );
}
