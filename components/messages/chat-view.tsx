"use client";
import Link from "next/link";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { AlertCircle, ArrowLeft, BadgeCheck, Loader2, SendHorizontal } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";
import { inputClass } from "@/components/ui/input";
import { apiFetch, messageOf } from "@/lib/client/api";
import { cn } from "@/lib/cn";
import { initials } from "@/lib/format";
import { CONVERSATION_PAGE_SIZE, MESSAGE_MAX_LENGTH, type ChatMessage, type ChatUser } from "@/lib/validators/messages";
import { notifyMessagesRead, subscribeToMessageStream } from "./message-stream";
import { DateTime } from "@/components/ui/date-time";

type Item = ChatMessage & { state: "sent" | "sending" | "failed"; error?: string };

const keyOf = (m: Pick<ChatMessage, "id" | "clientId">) => m.clientId ?? `id-${m.id}`;
const NEAR_BOTTOM_PX = 120;
const LOAD_OLDER_AT_PX = 80;


/** Inserts or replaces a message (same id, or the optimistic copy with the same clientId), keeping id order with unsent ones last. */
function merge(list: Item[], incoming: ChatMessage, state: Item["state"] = "sent"): Item[] {
  const idx = list.findIndex((m) => (m.id > 0 && m.id === incoming.id) || (incoming.clientId !== null && m.clientId === incoming.clientId && m.senderId === incoming.senderId));
  const item: Item = { ...incoming, state };
  const next = idx >= 0 ? list.map((m, i) => (i === idx ? item : m)) : [...list, item];
  return next.sort((a, b) => (a.id > 0 ? a.id : Number.MAX_SAFE_INTEGER) - (b.id > 0 ? b.id : Number.MAX_SAFE_INTEGER));
}

export function ChatView({ peer }: { peer: ChatUser }) {
  const { user } = useAuth();
  const me = user?.id ?? 0;
  const [items, setItems] = useState<Item[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState("");
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pendingScroll = useRef<{ kind: "bottom" } | { kind: "keep"; height: number; top: number } | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const inputId = useId();
  const base = `/api/messages/${peer.id}`;

  const nearBottom = () => {
    const el = logRef.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  // Opening the chat marks what they sent us read on the server; the header badge refetches.
  const loadLatest = useCallback(async () => {
    try {
      const page = await apiFetch<ChatMessage[]>(`${base}?limit=${CONVERSATION_PAGE_SIZE}`);
      pendingScroll.current = { kind: "bottom" };
      setItems((prev) => {
        // Keep unsent (sending/failed) messages and any older pages already loaded.
        let next = prev.filter((m) => m.state !== "sent" || (page.length > 0 && m.id < page[0].id));
        for (const m of page) next = merge(next, m);
        return next;
      });
      setHasMore((h) => (itemsRef.current.length === 0 ? page.length === CONVERSATION_PAGE_SIZE : h || page.length === CONVERSATION_PAGE_SIZE));
      setLoaded(true);
      setLoadError(null);
      notifyMessagesRead();
    } catch (e) {
      setLoadError(messageOf(e, "Could not load this conversation"));
    }
  }, [base]);

  const loadOlder = useCallback(async () => {
    const oldest = itemsRef.current.find((m) => m.id > 0);
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await apiFetch<ChatMessage[]>(`${base}?before=${oldest.id}&limit=${CONVERSATION_PAGE_SIZE}`);
      const el = logRef.current;
      if (el) pendingScroll.current = { kind: "keep", height: el.scrollHeight, top: el.scrollTop };
      setItems((prev) => page.reduce((acc, m) => merge(acc, m), prev));
      setHasMore(page.length === CONVERSATION_PAGE_SIZE);
    } catch {
      /* the button stays; the user can try again */
    } finally {
      setLoadingOlder(false);
    }
  }, [base, loadingOlder]);

  useEffect(() => {
    if (!me) return;
    void loadLatest();
    return subscribeToMessageStream((event) => {
      if (event.type === "resync") return void loadLatest();
      if (event.type === "read") {
        if (event.byUserId === peer.id && event.otherUserId === me) setItems((prev) => prev.map((m) => (m.senderId === me && m.id > 0 ? { ...m, isRead: true } : m)));
        return;
      }
      const m = event.message;
      const fromPeer = m.senderId === peer.id && m.receiverId === me;
      const fromMe = m.senderId === me && m.receiverId === peer.id;
      if (!fromPeer && !fromMe) return;
      if (nearBottom() || fromMe) pendingScroll.current = { kind: "bottom" };
      setItems((prev) => merge(prev, fromPeer ? { ...m, isRead: true } : m));
      if (fromPeer) {
        // We are looking at it: mark it read so neither badge counts it.
        void apiFetch(`${base}/read`, { method: "POST" })
          .then(() => notifyMessagesRead())
          .catch(() => undefined);
      }
    });
  }, [me, peer.id, base, loadLatest]);

  useLayoutEffect(() => {
    const el = logRef.current;
    const p = pendingScroll.current;
    if (!el || !p) return;
    el.scrollTop = p.kind === "bottom" ? el.scrollHeight : p.top + (el.scrollHeight - p.height);
    pendingScroll.current = null;
  }, [items]);

  const deliver = useCallback(
    async (content: string, clientId: string) => {
      try {
        const saved = await apiFetch<ChatMessage>("/api/messages", { method: "POST", json: { receiverId: peer.id, content, clientId } });
        setItems((prev) => merge(prev, saved));
      } catch (e) {
        setItems((prev) => prev.map((m) => (m.clientId === clientId && m.state !== "sent" ? { ...m, state: "failed", error: messageOf(e, "") } : m)));
      }
    },
    [peer.id],
  );

  const send = () => {
    const content = text.trim();
    if (!content || !me) return;
    const clientId = crypto.randomUUID();
    const optimistic: Item = { id: -Date.now(), senderId: me, receiverId: peer.id, content, timestamp: new Date().toISOString(), isRead: false, clientId, attachments: [], state: "sending" };
    pendingScroll.current = { kind: "bottom" };
    setItems((prev) => [...prev, optimistic]);
    setText("");
    inputRef.current?.focus();
    void deliver(content, clientId);
  };

  // Retry resends with the SAME clientId: if the first attempt did reach the server, no duplicate is stored.
  const retry = (item: Item) => {
    if (!item.clientId) return;
    setItems((prev) => prev.map((m) => (m.clientId === item.clientId ? { ...m, state: "sending", error: undefined } : m)));
    void deliver(item.content, item.clientId);
  };

  const onScroll = () => {
    const el = logRef.current;
    if (el && el.scrollTop < LOAD_OLDER_AT_PX && hasMore && !loadingOlder && loaded) void loadOlder();
  };

  // Worked out on the server: the farm's location, or "Restaurant" (see docs/security.md).
  const label = peer.label;
  const blank = text.trim() === "";

  return (
    <section aria-labelledby="chat-heading" className="flex min-h-0 w-full flex-col">
      <header className="flex items-center gap-3 border-b border-gray-200 px-3 py-2.5">
        <Link href="/messages" aria-label="Back to messages" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-gray-100">
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <Avatar src={peer.profileImage || null} initials={initials(peer.fullName)} className="h-10 w-10" />
        <div className="min-w-0">
          <h1 id="chat-heading" className="flex items-center gap-1 truncate font-bold text-ink">
            <span className="truncate">{peer.fullName}</span>
            {peer.verified ? <BadgeCheck role="img" aria-label="Verified" className="h-4 w-4 shrink-0 text-brand-700" /> : null}
          </h1>
          <p className="truncate text-sm text-muted" data-testid="chat-peer-label">
            {label}
          </p>
        </div>
      </header>

      <div
        ref={logRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={`Conversation with ${peer.fullName}`}
        aria-busy={!loaded || loadingOlder}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-gray-50 px-3 py-4 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {hasMore ? (
          <div className="mb-3 flex justify-center">
            <button type="button" onClick={() => void loadOlder()} disabled={loadingOlder} className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm hover:bg-brand-50">
              {loadingOlder ? "Loading older messages..." : "Load older messages"}
            </button>
          </div>
        ) : null}
        {!loaded && !loadError ? (
          <p role="status" className="py-10 text-center text-sm text-muted">
            Loading messages...
          </p>
        ) : null}
        {loadError ? (
          <div className="py-10 text-center text-sm text-muted">
            <p>{loadError}</p>
            <button type="button" onClick={() => void loadLatest()} className="mt-2 font-semibold text-brand-700 underline underline-offset-4">
              Try again
            </button>
          </div>
        ) : null}
        {loaded && items.length === 0 ? <p className="py-10 text-center text-sm text-muted">No messages yet. Say hello to {peer.fullName}!</p> : null}
        <ol className="flex flex-col gap-2">
          {items.map((m) => (
            <MessageBubble key={keyOf(m)} item={m} mine={m.senderId === me} onRetry={() => retry(m)} />
          ))}
        </ol>
      </div>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        className="flex items-end gap-2 border-t border-gray-200 bg-white p-3"
      >
        <label htmlFor={inputId} className="sr-only">
          Message {peer.fullName}
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter inserts a newline; never while an IME is composing.
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Type a message..."
          className={cn(inputClass, "max-h-40 min-h-11 resize-none py-2.5")}
        />
        <button
          type="submit"
          disabled={blank}
          aria-label="Send message"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700"
        >
          <SendHorizontal aria-hidden className="h-5 w-5" />
        </button>
      </form>
    </section>
  );
}

function MessageBubble({ item, mine, onRetry }: { item: Item; mine: boolean; onRetry: () => void }) {
  return (
    <li className={cn("flex flex-col", mine ? "items-end" : "items-start")} data-state={item.state} data-testid="chat-message">
      <div
        className={cn(
          "max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug",
          mine ? "rounded-br-md bg-brand-700 text-white" : "rounded-bl-md bg-white text-ink shadow-sm",
          item.state === "failed" && "bg-red-50 text-ink ring-1 ring-red-700",
        )}
      >
        <span className="sr-only">{mine ? "You" : "They"} said: </span>
        {item.content}
      </div>
      <div className="mt-0.5 flex items-center gap-1.5 px-1 text-xs text-muted">
        <DateTime value={item.timestamp} format="time" />
        {mine && item.state === "sending" ? (
          <span className="inline-flex items-center gap-1">
            <Loader2 aria-hidden className="h-3 w-3 animate-spin" /> Sending...
          </span>
        ) : null}
        {mine && item.state === "sent" ? <span data-testid="read-state">{item.isRead ? "Read" : "Sent"}</span> : null}
        {mine && item.state === "failed" ? (
          <span role="alert" className="inline-flex items-center gap-1 text-red-800">
            <AlertCircle aria-hidden className="h-3.5 w-3.5" />
            Failed to send{item.error ? `: ${item.error}` : ""}
            <button type="button" onClick={onRetry} className="ml-1 font-semibold text-brand-800 underline underline-offset-2">
              Retry
            </button>
          </span>
        ) : null}
      </div>
    </li>
  );
}
