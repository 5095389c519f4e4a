import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseUrl, isPostgres } from "@/lib/server/platform/db";
import { listenOn, notify as notifyChannel } from "@/lib/server/platform/notify";
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
 *   hears it on its LISTEN connection (lib/server/platform/notify.ts), and the instance holding a
 *   stream of the sender or the receiver fetches the row and delivers it. After the connection
 *   was lost and is back, open streams are told to resync.
 */
export const CHANNEL = "ff_messages";

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
    await notifyChannel(CHANNEL, JSON.stringify(notice));
  } catch (e) {
    // The write itself committed; a lost notification only delays delivery until the next resync.
    console.error("[realtime] pg_notify failed:", (e as Error).message);
  }
}

/** Reads a message by id, for a notice that names one (lib/server/messages/serialize.ts). */
export type MessageLoader = (id: number) => Promise<ChatMessage | null>;

/**
 * Subscribes a stream for `userId` to its events. `load` reads the message a notice from another
 * instance names: realtime carries ids and knows nothing of how messages are stored.
 */
export function subscribe(
  userId: number,
  listener: RealtimeListener,
  load: MessageLoader,
): () => void {
  if (isPostgres(databaseUrl())) {
    loader.load = load;
    ensureListening();
  }
  return listenLocally(userId, listener);
}

// --- PostgreSQL LISTEN side ------------------------------------------------------------------

/** Starts hearing `ff_messages` on the process's LISTEN connection (once; it reconnects by itself). */
function ensureListening() {
  listenOn(CHANNEL, {
    onNotice: (payload) => void dispatch(payload),
    // After a reconnect, anything notified while we were away is lost: streams should refetch.
    onResumed: () => deliverToAllLocal({ type: "resync" }),
  });
}

// Set by every subscribe (always the same function): a notice is read only for local streams.
const g = globalThis as unknown as { __ffMessageLoader?: { load: MessageLoader | null } };
const loader = (g.__ffMessageLoader ??= { load: null });

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
  if (!loader.load) return;
  const message = await loader.load(notice.id).catch((e: Error) => {
    console.error("[realtime] could not load message", notice.id, e.message);
    return null;
  });
  if (!message) return;
  const event: RealtimeEvent = { type: "message", message };
  deliverLocally(message.receiverId, event);
  if (message.senderId !== message.receiverId) deliverLocally(message.senderId, event);
}
