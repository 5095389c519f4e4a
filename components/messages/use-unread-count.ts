"use client";
import { useEffect, useSyncExternalStore } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { apiFetch } from "@/lib/client/api";
import { notifyMessagesRead, onLocalMessagesRead, subscribeToMessageStream } from "./message-stream";

export { notifyMessagesRead };

/**
 * The signed-in user's unread message count for the header/tab badges: the server's real count
 * (GET /api/messages/unread), refreshed whenever the shared SSE stream says a message arrived or
 * messages were read (also in another tab), and when the chat view reports a read. Visitors: 0.
 * One store per tab, however many badges render it.
 */
type Store = { userId: number | null; count: number };
const EMPTY: Store = { userId: null, count: 0 };
let store: Store = EMPTY;
const subscribers = new Set<() => void>();
let attachedCount = 0;
let detach: (() => void) | null = null;
let requestSeq = 0;

function set(next: Store) {
  if (next.userId === store.userId && next.count === store.count) return;
  store = next;
  for (const s of [...subscribers]) s();
}

async function refresh(userId: number) {
  const seq = ++requestSeq;
  try {
    const { count } = await apiFetch<{ count: number }>("/api/messages/unread");
    // Drop answers that a newer request (or a user switch) has overtaken.
    if (seq === requestSeq && store.userId === userId) set({ userId, count });
  } catch {
    /* keep the last known count; the next event refreshes it */
  }
}

function attach(userId: number): () => void {
  if (store.userId !== userId) {
    detach?.();
    detach = null;
    attachedCount = 0;
    set({ userId, count: 0 });
  }
  attachedCount++;
  if (!detach) {
    void refresh(userId);
    const offStream = subscribeToMessageStream((event) => {
      if (event.type === "resync") void refresh(userId);
      else if (event.type === "message" && event.message.receiverId === userId) void refresh(userId);
      else if (event.type === "read" && event.byUserId === userId) void refresh(userId);
    });
    const offLocal = onLocalMessagesRead(() => void refresh(userId));
    detach = () => {
      offStream();
      offLocal();
    };
  }
  return () => {
    attachedCount--;
    if (attachedCount <= 0 && store.userId === userId) {
      detach?.();
      detach = null;
      attachedCount = 0;
      set({ userId: null, count: 0 });
    }
  };
}

function subscribe(cb: () => void) {
  subscribers.add(cb);
  return () => subscribers.delete(cb);
}

export function useUnreadCount(): number {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const snapshot = useSyncExternalStore(
    subscribe,
    () => store,
    () => EMPTY,
  );
  useEffect(() => {
    if (userId === null) return;
    return attach(userId);
  }, [userId]);
  return userId !== null && snapshot.userId === userId ? snapshot.count : 0;
}
