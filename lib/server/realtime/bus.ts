import "server-only";
import pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseUrl, db, execute, isPostgres } from "@/lib/server/platform/db";
import { loadMessage } from "@/lib/server/messages/serialize";
import type { ChatMessage } from "@/lib/contracts/messages";
import {
  deliverLocally,
  deliverToAllLocal,
  hasLocalListeners,
  listenLocally,
  type RealtimeEvent,
  type RealtimeListener,
} from "./hub";

/**
 * Realtime transport (docs/realtime.md). Call `publish*` only after the write committed.
 * - PGlite (one process owns the database): events go straight to this process's hub.
 * - PostgreSQL (N app instances): `pg_notify('ff_messages', …)` with a small payload (ids and kinds only:
 *   NOTIFY payloads are capped at 8000 bytes and should not carry message text); every instance
 *   LISTENs on a dedicated connection, and the instance holding a stream of the sender or the
 *   receiver fetches the row and delivers it. The listener reconnects with backoff if the
 *   connection drops and then tells open streams to resync.
 */
export const CHANNEL = "ff_messages";

/**
 * Other channels heard on the same LISTEN connection (the session cache's `ff_sessions`). Their
 * handler runs for every notification; `onLost` runs whenever the connection drops or comes
 * back, because notifications sent meanwhile are lost.
 */
type ChannelHandler = { onNotice: (payload: string) => void; onLost: () => void };
const g0 = globalThis as unknown as { __ffRealtimeChannels?: Map<string, ChannelHandler> };
const channels = (g0.__ffRealtimeChannels ??= new Map());
const g1 = globalThis as unknown as { __ffRealtimeHeard?: Set<string> };
const heard = (g1.__ffRealtimeHeard ??= new Set());

/** Registers a channel's handler and makes sure the LISTEN connection is (being) opened. PostgreSQL only. */
export function listenOn(channel: string, handler: ChannelHandler): void {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const fresh = !channels.has(channel);
  channels.set(channel, handler);
  const client = state.client;
  if (fresh && client) {
    client.query(`LISTEN ${channel}`).then(
      () => {
        if (state.client === client) heard.add(channel);
      },
      (e: Error) => client.emit("error", e),
    );
  }
  ensureListener();
}

/** True while the LISTEN connection is up and hears `channel` (nothing sent on it can be missed). */
export function hearing(channel: string): boolean {
  return state.client !== null && heard.has(channel);
}

/** Sends a notification on one of the channels (after the write it announces has committed). */
export async function notifyChannel(channel: string, payload: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}

type Notice =
  | { t: "m"; id: number; s: number; r: number }
  | { t: "r"; by: number; other: number }
  | { t: "n"; u: number; k: string };

/**
 * The notice `publishMessage` sends, as SQL over a just-written message row aliased `m`, for a
 * statement that writes and announces at once (PostgreSQL delivers it when that statement
 * commits). Cast to text: pg_notify itself returns void.
 */
export const announceMessageSql = Prisma.sql`pg_notify(${CHANNEL}, json_build_object('t', 'm', 'id', m.id, 's', m."senderId", 'r', m."receiverId")::text)::text`;

export async function publishMessage(message: ChatMessage) {
  if (!isPostgres(databaseUrl())) {
    const event: RealtimeEvent = { type: "message", message };
    deliverLocally(message.receiverId, event);
    if (message.senderId !== message.receiverId) deliverLocally(message.senderId, event);
    return;
  }
  await notify({ t: "m", id: message.id, s: message.senderId, r: message.receiverId });
}

/** `byUserId` has read what `otherUserId` sent them: tell the sender (read ticks) and the reader's other tabs (badge). */
export async function publishRead(byUserId: number, otherUserId: number) {
  if (!isPostgres(databaseUrl())) {
    const event: RealtimeEvent = { type: "read", byUserId, otherUserId };
    deliverLocally(otherUserId, event);
    deliverLocally(byUserId, event);
    return;
  }
  await notify({ t: "r", by: byUserId, other: otherUserId });
}

/** `userId` was notified of a `kind` event (an order placed, cancelled, changed): their open screens refetch. */
export async function publishNotification(userId: number, kind: string) {
  if (!isPostgres(databaseUrl())) return deliverLocally(userId, { type: "notification", kind });
  await notify({ t: "n", u: userId, k: kind });
}

async function notify(notice: Notice) {
  try {
    await execute(Prisma.sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`);
  } catch (e) {
    // The write itself committed; a lost notification only delays delivery until the next resync.
    console.error("[realtime] pg_notify failed:", (e as Error).message);
  }
}

/** Subscribes a stream for `userId` to its events. */
export function subscribe(userId: number, listener: RealtimeListener): () => void {
  if (isPostgres(databaseUrl())) ensureListener();
  return listenLocally(userId, listener);
}

// --- PostgreSQL LISTEN side ------------------------------------------------------------------

type ListenerState = {
  client: pg.Client | null;
  connecting: boolean;
  attempts: number;
  timer: ReturnType<typeof setTimeout> | null;
  everConnected: boolean;
};
const g = globalThis as unknown as { __ffRealtimeListener?: ListenerState };
const state = (g.__ffRealtimeListener ??= {
  client: null,
  connecting: false,
  attempts: 0,
  timer: null,
  everConnected: false,
});

export function ensureListener() {
  if (state.client || state.connecting || state.timer) return;
  void connect();
}

async function connect() {
  state.connecting = true;
  const client = new pg.Client({
    connectionString: databaseUrl(),
    keepAlive: true,
    application_name: "fieldfare-realtime",
  });
  let dropped = false;
  const onDrop = (why: string) => {
    if (dropped) return;
    dropped = true;
    console.warn(`[realtime] LISTEN connection lost (${why}); reconnecting`);
    if (state.client === client) {
      state.client = null;
      heard.clear();
    }
    client.removeAllListeners("notification");
    for (const h of channels.values()) h.onLost();
    void client.end().catch(() => undefined);
    scheduleReconnect();
  };
  client.on("error", (e) => onDrop(e.message));
  client.on("end", () => onDrop("ended"));
  client.on("notification", (n) => {
    if (n.channel === CHANNEL && n.payload) void dispatch(n.payload);
    else if (n.payload) channels.get(n.channel)?.onNotice(n.payload);
  });
  try {
    await client.connect();
    const names = [CHANNEL, ...channels.keys()];
    await client.query(names.map((c) => `LISTEN ${c};`).join(" "));
    // Channels registered while connecting are listened to now, before they count as heard.
    const late = [...channels.keys()].filter((c) => !names.includes(c));
    if (late.length) await client.query(late.map((c) => `LISTEN ${c};`).join(" "));
    heard.clear();
    for (const c of [...names, ...late]) heard.add(c);
    state.client = client;
    state.attempts = 0;
    for (const h of channels.values()) h.onLost();
    // After a reconnect, anything notified while we were away is lost: streams should refetch.
    if (state.everConnected) deliverToAllLocal({ type: "resync" });
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

async function dispatch(payload: string) {
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return;
  }
  if (notice.t === "n") return deliverLocally(notice.u, { type: "notification", kind: notice.k });
  if (notice.t === "r") {
    const event: RealtimeEvent = { type: "read", byUserId: notice.by, otherUserId: notice.other };
    deliverLocally(notice.other, event);
    deliverLocally(notice.by, event);
    return;
  }
  // Only the instances holding a stream of either participant fetch the row.
  if (!hasLocalListeners(notice.r) && !hasLocalListeners(notice.s)) return;
  const message = await loadMessage(notice.id).catch((e: Error) => {
    console.error("[realtime] could not load message", notice.id, e.message);
    return null;
  });
  if (!message) return;
  const event: RealtimeEvent = { type: "message", message };
  deliverLocally(message.receiverId, event);
  if (message.senderId !== message.receiverId) deliverLocally(message.senderId, event);
}

/** For tests: drop the LISTEN connection (simulates a network failure; it reconnects). */
export async function dropListenerForTests() {
  const c = state.client;
  if (c) c.emit("error", new Error("dropped by test"));
}

/** For shutdown/tests: stop listening and do not reconnect. */
export async function closeRealtime() {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const c = state.client;
  state.client = null;
  heard.clear();
  for (const h of channels.values()) h.onLost();
  if (c) {
    c.removeAllListeners();
    c.on("error", () => undefined);
    await c.end().catch(() => undefined);
  }
  state.everConnected = false;
  state.attempts = 0;
}

export function listenerConnected(): boolean {
  return state.client !== null;
}
