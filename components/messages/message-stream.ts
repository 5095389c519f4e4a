"use client";
import type { StreamEvent } from "@/lib/contracts/messages";

/**
 * One EventSource per tab for GET /api/messages/stream, shared by every subscriber (header badge,
 * chat list, open conversation). Opened with the first subscriber, closed with the last.
 * After a dropped connection the browser reconnects by itself; subscribers then get a "resync"
 * so they can refetch whatever they might have missed while offline.
 * When the user has more tabs open than the server allows streams per user, the server ends the
 * oldest tab's stream with a `closed` event: that tab stays quiet until it is looked at again
 * (reconnecting at once would only push out another tab, round and round).
 */
export type StreamListener = (event: StreamEvent | { type: "resync" }) => void;

const listeners = new Set<StreamListener>();
let source: EventSource | null = null;
let hadError = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function emit(event: StreamEvent | { type: "resync" }) {
  for (const l of [...listeners]) {
    try {
      l(event);
    } catch (e) {
      console.error("[messages] stream listener failed", e);
    }
  }
}

function open() {
  if (source || typeof EventSource === "undefined") return;
  const es = new EventSource("/api/messages/stream", { withCredentials: true });
  source = es;
  es.addEventListener("open", () => {
    if (hadError) emit({ type: "resync" });
    hadError = false;
  });
  es.addEventListener("message", (e) => {
    try {
      const data = JSON.parse((e as MessageEvent<string>).data) as {
        message: Extract<StreamEvent, { type: "message" }>["message"];
      };
      emit({ type: "message", message: data.message });
    } catch {
      /* malformed frame: ignore */
    }
  });
  es.addEventListener("read", (e) => {
    try {
      const data = JSON.parse((e as MessageEvent<string>).data) as {
        byUserId: number;
        otherUserId: number;
      };
      emit({ type: "read", byUserId: data.byUserId, otherUserId: data.otherUserId });
    } catch {
      /* ignore */
    }
  });
  es.addEventListener("notification", (e) => {
    try {
      const data = JSON.parse((e as MessageEvent<string>).data) as { kind: string };
      emit({ type: "notification", kind: data.kind });
    } catch {
      /* ignore */
    }
  });
  // The server lost its realtime feed for a moment (e.g. the database listener reconnected).
  es.addEventListener("resync", () => emit({ type: "resync" }));
  es.addEventListener("closed", () => {
    es.close();
    source = null;
    hadError = true; // refetch on reopening: events went past while this tab was not listening
    if (typeof document !== "undefined" && document.visibilityState === "visible")
      waitForReturn("focus");
    else waitForReturn("visibilitychange");
  });
  es.addEventListener("error", () => {
    hadError = true;
    // A non-200 answer (e.g. 401 after logout, 503) closes the EventSource for good; retry
    // ourselves a little later while someone still listens.
    if (es.readyState === EventSource.CLOSED) {
      source = null;
      if (listeners.size > 0 && !retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (listeners.size > 0) open();
        }, 5000);
      }
    }
  });
}

/** Reopens once the tab is looked at again (visible, or focused when it already was visible). */
function waitForReturn(event: "focus" | "visibilitychange") {
  const again = () => {
    if (event === "visibilitychange" && document.visibilityState !== "visible") return;
    window.removeEventListener(event, again);
    document.removeEventListener(event, again);
    if (listeners.size > 0) open();
  };
  if (event === "focus") window.addEventListener("focus", again);
  else document.addEventListener("visibilitychange", again);
}

function close() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  hadError = false;
}

/** Subscribes to live message events; returns the unsubscribe function. */
export function subscribeToMessageStream(listener: StreamListener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

// In-tab signal: the chat view marked messages read, so the unread badge should refetch.
const readListeners = new Set<() => void>();

export function onLocalMessagesRead(listener: () => void): () => void {
  readListeners.add(listener);
  return () => readListeners.delete(listener);
}

/** Call after the server marked messages read (opening a chat, or reading a live message in it). */
export function notifyMessagesRead() {
  for (const l of [...readListeners]) l();
}
