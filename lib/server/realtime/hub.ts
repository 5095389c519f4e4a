import "server-only";
import { EventEmitter } from "node:events";
import type { ChatMessage } from "@/lib/contracts/messages";

/**
 * Per-process fan-out of realtime events to the SSE streams open in this process, keyed by the
 * user they belong to. The transport that feeds it (in-process, or Postgres LISTEN/NOTIFY when
 * several instances share one database) lives in ./bus.ts.
 */
export type RealtimeEvent =
  | { type: "message"; message: ChatMessage }
  | { type: "read"; byUserId: number; otherUserId: number }
  /** Something the user is notified of happened (docs/notifications.md): screens showing it refetch. */
  | { type: "notification"; kind: string }
  /** The transport reconnected: events may have been missed; clients should refetch. */
  | { type: "resync" };

export type RealtimeListener = (event: RealtimeEvent) => void;

// One hub per process, shared even if Next bundles this module into several route chunks.
const g = globalThis as unknown as { __ffRealtimeHub?: EventEmitter };
const hub = (g.__ffRealtimeHub ??= new EventEmitter().setMaxListeners(0));

const key = (userId: number) => `u:${userId}`;

export function deliverLocally(userId: number, event: RealtimeEvent) {
  hub.emit(key(userId), event);
}

export function deliverToAllLocal(event: RealtimeEvent) {
  for (const name of hub.eventNames()) hub.emit(name, event);
}

export function hasLocalListeners(userId: number): boolean {
  return hub.listenerCount(key(userId)) > 0;
}

export function listenLocally(userId: number, listener: RealtimeListener): () => void {
  hub.on(key(userId), listener);
  return () => {
    hub.off(key(userId), listener);
  };
}

/** The users with at least one stream open in this process. */
export function localUserIds(): number[] {
  return hub
    .eventNames()
    .flatMap((name) =>
      typeof name === "string" && name.startsWith("u:") && hub.listenerCount(name) > 0
        ? [Number(name.slice(2))]
        : [],
    );
}

export function localListenerCount(): number {
  return hub.eventNames().reduce((n, name) => n + hub.listenerCount(name), 0);
}
