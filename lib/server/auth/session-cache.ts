import "server-only";
import { databaseUrl, isPostgres } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { hearing, listenOn } from "@/lib/server/platform/notify";
import type { User } from "@/lib/generated/prisma/client";

/**
 * Per-instance memory of resolved sessions (docs/operations.md, "Session cache"): a signed-in
 * request costs a hash and a Map lookup instead of a database round trip. It stays correct across
 * instances because every change that ends a session or alters its user is announced by database
 * triggers on the `ff_sessions` channel (PostgreSQL LISTEN/NOTIFY), whoever made it; each
 * instance drops the entry when it hears it. The cache serves only while this instance's LISTEN
 * connection is up (a dropped connection clears it: announcements may have been missed), entries
 * live at most SESSION_CACHE_SECONDS, and expiry and the idle clock are checked on every hit.
 * On PGlite (one process, no LISTEN connection) there is no cache: every request reads the row.
 */
export const SESSIONS_CHANNEL = "ff_sessions";
const MAX_ENTRIES = 20_000;
/** How long a logout waits for its own announcement to come back before answering. */
const ANNOUNCE_WAIT_MS = 2_000;

export type CachedSession = {
  /** The session's user without the password hash (session.ts's SessionUser). */
  user: Omit<User, "passwordHash">;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
};

type State = {
  entries: Map<string, CachedSession>;
  /** Bumped by every invalidation: a lookup that started before one must not store its answer. */
  epoch: number;
  registered: boolean;
  waiters: Map<string, Set<() => void>>;
};
const g = globalThis as unknown as { __ffSessionCache?: State };
const state = (g.__ffSessionCache ??= {
  entries: new Map(),
  epoch: 0,
  registered: false,
  waiters: new Map(),
});

const ttlMs = () => env().SESSION_CACHE_SECONDS * 1000;

/** Whether lookups may be answered from memory now (starts listening on first use). */
export function sessionCacheLive(): boolean {
  if (ttlMs() <= 0 || !isPostgres(databaseUrl())) return false;
  if (!state.registered) {
    state.registered = true;
    listenOn(SESSIONS_CHANNEL, { onNotice, onLost: clearAll });
  }
  return hearing(SESSIONS_CHANNEL);
}

export function cachedSession(idHash: string): CachedSession | undefined {
  const entry = state.entries.get(idHash);
  if (entry && Date.now() - entry.cachedAt > ttlMs()) {
    state.entries.delete(idHash);
    return undefined;
  }
  return entry;
}

export function sessionCacheEpoch(): number {
  return state.epoch;
}

/** Stores a lookup's answer unless something was invalidated since `epoch` (it may be stale). */
export function rememberSession(idHash: string, entry: CachedSession, epoch: number): void {
  if (state.epoch !== epoch || !hearing(SESSIONS_CHANNEL)) return;
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(idHash, entry);
}

export function forgetSession(idHash: string): void {
  state.epoch++;
  state.entries.delete(idHash);
}

/**
 * Before deleting a session row: a promise that settles once this instance heard the trigger's
 * announcement of that delete. PostgreSQL hands a notification to every listening connection at
 * the same commit, so when ours has it, every instance's has. `cancel()` when nothing was deleted.
 */
export function announcementOf(idHash: string): { heard: Promise<void>; cancel: () => void } {
  if (!sessionCacheLive()) return { heard: Promise.resolve(), cancel: () => undefined };
  let done!: () => void;
  const heard = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(finish, ANNOUNCE_WAIT_MS);
  timer.unref?.();
  const set = state.waiters.get(idHash) ?? new Set();
  state.waiters.set(idHash, set);
  set.add(finish);
  function finish() {
    clearTimeout(timer);
    set.delete(finish);
    if (set.size === 0 && state.waiters.get(idHash) === set) state.waiters.delete(idHash);
    done();
  }
  return { heard, cancel: finish };
}

function onNotice(payload: string): void {
  state.epoch++;
  if (payload === "*") {
    state.entries.clear();
    for (const set of [...state.waiters.values()]) for (const w of [...set]) w();
  } else if (payload.startsWith("s:")) {
    const idHash = payload.slice(2);
    state.entries.delete(idHash);
    for (const w of [...(state.waiters.get(idHash) ?? [])]) w();
  } else if (payload.startsWith("u:")) {
    const userId = Number(payload.slice(2));
    for (const [k, e] of state.entries) if (e.user.id === userId) state.entries.delete(k);
  } else {
    state.entries.clear();
  }
}

function clearAll(): void {
  state.epoch++;
  state.entries.clear();
}

/** For tests: how many sessions this process holds. */
export function sessionCacheSize(): number {
  return state.entries.size;
}
