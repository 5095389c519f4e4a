import "server-only";
import pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseUrl, execute } from "@/lib/server/platform/db";

/**
 * PostgreSQL LISTEN/NOTIFY (docs/architecture.md, "Background work"): one LISTEN connection per
 * process carries every channel: `ff_messages` (realtime), `ff_sessions` and `ff_catalog` (cache
 * invalidation), `sheets_outbox` (a nudge to sync now). A channel's handler hears each payload;
 * `onLost` runs whenever the connection drops or comes up (notifications sent meanwhile are lost),
 * `onResumed` once it is back after a drop. The connection reconnects with backoff. PostgreSQL
 * only: with PGlite there is one process, and callers deliver in it themselves.
 */
export type ChannelHandler = {
  onNotice: (payload: string) => void;
  onLost?: () => void;
  onResumed?: () => void;
};

type ListenerState = {
  client: pg.Client | null;
  connecting: boolean;
  attempts: number;
  timer: ReturnType<typeof setTimeout> | null;
  everConnected: boolean;
  channels: Map<string, ChannelHandler>;
  /** Channels LISTENed on the current connection: nothing sent on them can be missed. */
  heard: Set<string>;
};
// One listener per process, shared even if Next bundles this module into several route chunks.
const g = globalThis as unknown as { __ffListener?: ListenerState };
const state = (g.__ffListener ??= {
  client: null,
  connecting: false,
  attempts: 0,
  timer: null,
  everConnected: false,
  channels: new Map(),
  heard: new Set(),
});

const each = (fn: (h: ChannelHandler) => void) => {
  for (const h of [...state.channels.values()]) fn(h);
};

/** Registers a channel's handler (one per channel) and makes sure the connection is (being) opened. */
export function listenOn(channel: string, handler: ChannelHandler): void {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const fresh = !state.channels.has(channel);
  state.channels.set(channel, handler);
  const client = state.client;
  if (fresh && client) {
    client.query(`LISTEN ${channel}`).then(
      () => {
        if (state.client === client) state.heard.add(channel);
      },
      (e: Error) => client.emit("error", e),
    );
  }
  if (!state.client && !state.connecting && !state.timer) void connect();
}

/** True while the connection is up and hears `channel`. */
export function hearing(channel: string): boolean {
  return state.client !== null && state.heard.has(channel);
}

/** True while the LISTEN connection is up. */
export function listenerConnected(): boolean {
  return state.client !== null;
}

/** Sends `payload` on `channel` (after the write it announces has committed). */
export async function notify(channel: string, payload: string): Promise<void> {
  await execute(Prisma.sql`SELECT pg_notify(${channel}, ${payload})`);
}

async function connect() {
  state.connecting = true;
  const client = new pg.Client({
    connectionString: databaseUrl(),
    keepAlive: true,
    application_name: "fieldfare-listen",
  });
  let dropped = false;
  const onDrop = (why: string) => {
    if (dropped) return;
    dropped = true;
    console.warn(`[listen] LISTEN connection lost (${why}); reconnecting`);
    if (state.client === client) {
      state.client = null;
      state.heard.clear();
    }
    client.removeAllListeners("notification");
    each((h) => h.onLost?.());
    // The connection is already lost: closing it is tidying up, a new one is on its way.
    void client.end().catch(() => undefined);
    scheduleReconnect();
  };
  client.on("error", (e) => onDrop(e.message));
  client.on("end", () => onDrop("ended"));
  client.on("notification", (n) => {
    if (n.payload !== undefined) state.channels.get(n.channel)?.onNotice(n.payload);
  });
  try {
    await client.connect();
    const names = [...state.channels.keys()];
    if (names.length) await client.query(names.map((c) => `LISTEN ${c};`).join(" "));
    // Channels registered while connecting are listened to now, before they count as heard.
    const late = [...state.channels.keys()].filter((c) => !names.includes(c));
    if (late.length) await client.query(late.map((c) => `LISTEN ${c};`).join(" "));
    state.heard.clear();
    for (const c of [...names, ...late]) state.heard.add(c);
    state.client = client;
    state.attempts = 0;
    each((h) => h.onLost?.());
    if (state.everConnected) each((h) => h.onResumed?.());
    state.everConnected = true;
  } catch (e) {
    onDrop((e as Error).message);
  } finally {
    state.connecting = false;
  }
}

function scheduleReconnect() {
  if (state.timer) return;
  const delay = Math.min(30_000, 250 * 2 ** state.attempts++);
  state.timer = setTimeout(() => {
    state.timer = null;
    void connect();
  }, delay);
  state.timer.unref?.();
}

/** For tests: drop the connection (simulates a network failure; it reconnects). */
export async function dropListenerForTests(): Promise<void> {
  state.client?.emit("error", new Error("dropped by test"));
}

/** For shutdown and tests: stop listening and do not reconnect (a later listenOn opens it again). */
export async function closeListener(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const c = state.client;
  state.client = null;
  state.heard.clear();
  each((h) => h.onLost?.());
  if (c) {
    c.removeAllListeners();
    c.on("error", () => undefined);
    // Shutting down: a connection that will not close cleanly is dropped all the same.
    await c.end().catch(() => undefined);
  }
  state.everConnected = false;
  state.attempts = 0;
}
