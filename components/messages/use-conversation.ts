"use client";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from "react";
import useSWRInfinite from "swr/infinite";
import { apiFetch, messageOf } from "@/lib/client/api";
import { CONVERSATION_PAGE_SIZE } from "@/lib/validators/messages";
import { type ChatMessage } from "@/lib/contracts/messages";
import { notifyMessagesRead, subscribeToMessageStream } from "./message-stream";

export type ChatItem = ChatMessage & { state: "sent" | "sending" | "failed"; error?: string };

/** What the message log should do with its scroll position after the next change. */
type ScrollIntent = { kind: "bottom" } | { kind: "keep"; height: number; top: number };

export const chatItemKey = (m: Pick<ChatMessage, "id" | "clientId">) => m.clientId ?? `id-${m.id}`;

/**
 * The messages shown: the server's pages (newest page first, each in id order) with this tab's own
 * messages on top — live ones the stream brought, and sends still on their way or failed. A
 * server copy wins over a local one with the same id, or with the same sender and clientId (the
 * optimistic copy of a send that did reach the server), so nothing shows twice — except an
 * adjustment card whose live copy is decided while the page still shows it pending. Unsent ones last.
 */
export function combine(
  pages: readonly ChatMessage[][],
  local: readonly ChatItem[],
  me: number,
  readThrough: number,
): ChatItem[] {
  const byId = new Map<number, ChatItem>();
  const sentClientIds = new Set<string>();
  for (const page of pages)
    for (const m of page) {
      byId.set(m.id, { ...m, state: "sent" });
      if (m.clientId !== null) sentClientIds.add(`${m.senderId}:${m.clientId}`);
    }
  const unsent: ChatItem[] = [];
  for (const m of local) {
    if (
      m.clientId !== null &&
      m.state !== "sent" &&
      sentClientIds.has(`${m.senderId}:${m.clientId}`)
    )
      continue;
    if (m.id > 0) {
      const server = byId.get(m.id);
      if (!server) byId.set(m.id, m);
      // An adjustment card decided since the page was fetched (live, or by this tab): the decided copy wins.
      else if (
        server.adjustment?.status === "pending" &&
        m.adjustment &&
        m.adjustment.status !== "pending"
      )
        byId.set(m.id, { ...m, isRead: server.isRead });
    } else unsent.push(m);
  }
  const sent = [...byId.values()]
    .sort((a, b) => a.id - b.id)
    .map((m) =>
      m.senderId === me && m.id <= readThrough && !m.isRead ? { ...m, isRead: true } : m,
    );
  return [...sent, ...unsent];
}

/** Local list update: inserts or replaces (same id, or the optimistic copy with the same clientId). */
function upsert(list: ChatItem[], item: ChatItem): ChatItem[] {
  const idx = list.findIndex(
    (m) =>
      (m.id > 0 && m.id === item.id) ||
      (item.clientId !== null && m.clientId === item.clientId && m.senderId === item.senderId),
  );
  return idx >= 0 ? list.map((m, i) => (i === idx ? item : m)) : [...list, item];
}

/**
 * One conversation: its pages (SWR, key = the API path: the latest page, then `before=` the oldest
 * message shown), optimistic sends that a retry resends with the same clientId (never a
 * duplicate), the live stream, and read marks both ways. Opening it (GET) marks what the peer sent
 * read on the server; the unread badge is told each time. Scrolling of the log (`logRef`): the
 * newest message stays in view when it arrives (ours always, theirs when the reader was near the
 * bottom), and loading older messages keeps the reader's place.
 */
const NEAR_BOTTOM_PX = 120;

export function useConversation(peerId: number, me: number, logRef: RefObject<HTMLElement | null>) {
  const base = `/api/messages/${peerId}`;
  const [local, setLocal] = useState<ChatItem[]>([]);
  const [readThrough, setReadThrough] = useState(0);
  const scrollIntent = useRef<ScrollIntent | null>(null);

  const getKey = useCallback(
    (index: number, previous: ChatMessage[] | null) => {
      if (!me) return null;
      if (index === 0) return `${base}?limit=${CONVERSATION_PAGE_SIZE}`;
      if (!previous || previous.length < CONVERSATION_PAGE_SIZE) return null;
      return `${base}?before=${previous[0].id}&limit=${CONVERSATION_PAGE_SIZE}`;
    },
    [base, me],
  );
  const {
    data: pages,
    error,
    size,
    setSize,
    mutate,
    isValidating,
  } = useSWRInfinite<ChatMessage[]>(getKey, {
    // Every opening refetches the pages shown (the GET marks the peer's messages read; what came
    // while the chat was closed is in it); loading an older page does not refetch the latest.
    revalidateOnMount: true,
    revalidateFirstPage: false,
    onSuccess: () => notifyMessagesRead(),
  });

  const loaded = pages !== undefined;
  const loadError = error && !loaded ? messageOf(error, "Could not load this conversation") : null;
  const lastPage = pages?.[pages.length - 1];
  const olderMissing = loaded && size > pages.length;
  const loadingOlder = olderMissing && isValidating;
  const hasMore = olderMissing || (lastPage?.length ?? 0) === CONVERSATION_PAGE_SIZE;

  const items = useMemo(
    () => combine(pages ?? [], local, me, readThrough),
    [pages, local, me, readThrough],
  );
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const reload = useCallback(() => {
    scrollIntent.current = { kind: "bottom" };
    void mutate();
  }, [mutate]);

  /** The page before the oldest message shown (or the one that failed to load, again). */
  const loadOlder = useCallback(() => {
    if (loadingOlder || !loaded) return;
    const el = logRef.current;
    scrollIntent.current = el ? { kind: "keep", height: el.scrollHeight, top: el.scrollTop } : null;
    void (olderMissing ? mutate() : setSize(size + 1));
  }, [loadingOlder, loaded, olderMissing, mutate, setSize, size, logRef]);

  const isNearBottom = useCallback(() => {
    const el = logRef.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  }, [logRef]);

  // The first messages shown open at the newest one.
  const shownOnce = useRef(false);
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el || !loaded) return;
    const p = shownOnce.current ? scrollIntent.current : { kind: "bottom" as const };
    shownOnce.current = true;
    if (!p) return;
    el.scrollTop = p.kind === "bottom" ? el.scrollHeight : p.top + (el.scrollHeight - p.height);
    scrollIntent.current = null;
  }, [items, loaded, logRef]);

  useEffect(() => {
    if (!me) return;
    return subscribeToMessageStream((event) => {
      if (event.type === "resync") return reload();
      if (event.type === "read") {
        // The peer read our messages: every one of ours shown so far is read.
        if (event.byUserId === peerId && event.otherUserId === me)
          setReadThrough(Math.max(0, ...itemsRef.current.map((m) => m.id)));
        return;
      }
      if (event.type !== "message") return;
      const m = event.message;
      const fromPeer = m.senderId === peerId && m.receiverId === me;
      const fromMe = m.senderId === me && m.receiverId === peerId;
      if (!fromPeer && !fromMe) return;
      if (isNearBottom() || fromMe) scrollIntent.current = { kind: "bottom" };
      setLocal((prev) => upsert(prev, { ...m, isRead: fromPeer ? true : m.isRead, state: "sent" }));
      if (fromPeer) {
        // We are looking at it: mark it read so neither badge counts it.
        void apiFetch(`${base}/read`, { method: "POST" })
          .then(() => notifyMessagesRead())
          .catch(() => undefined);
      }
    });
  }, [me, peerId, base, reload, isNearBottom]);

  const deliver = useCallback(
    async (content: string, clientId: string) => {
      try {
        const saved = await apiFetch<ChatMessage>("/api/messages", {
          method: "POST",
          json: { receiverId: peerId, content, clientId },
        });
        setLocal((prev) => upsert(prev, { ...saved, state: "sent" }));
      } catch (e) {
        setLocal((prev) =>
          prev.map((m) =>
            m.clientId === clientId && m.state !== "sent"
              ? { ...m, state: "failed", error: messageOf(e, "") }
              : m,
          ),
        );
      }
    },
    [peerId],
  );

  /**
   * Shows the message at once ("Sending...") and sends it with a fresh clientId. False when it
   * took nothing: before the session user is known there is no sender to show it as.
   */
  const send = useCallback(
    (content: string): boolean => {
      if (!content || !me) return false;
      const clientId = crypto.randomUUID();
      const optimistic: ChatItem = {
        id: -Date.now(),
        senderId: me,
        receiverId: peerId,
        content,
        timestamp: new Date().toISOString(),
        isRead: false,
        clientId,
        attachments: [],
        kind: "text",
        adjustment: null,
        state: "sending",
      };
      scrollIntent.current = { kind: "bottom" };
      setLocal((prev) => [...prev, optimistic]);
      void deliver(content, clientId);
      return true;
    },
    [me, peerId, deliver],
  );

  // Retry resends with the SAME clientId: if the first attempt did reach the server, no duplicate is stored.
  const retry = useCallback(
    (item: ChatItem) => {
      if (!item.clientId) return;
      setLocal((prev) =>
        prev.map((m) =>
          m.clientId === item.clientId ? { ...m, state: "sending", error: undefined } : m,
        ),
      );
      void deliver(item.content, item.clientId);
    },
    [deliver],
  );

  /** This tab decided an adjustment card: show its new status at once (the stream brings it too). */
  const cardDecided = useCallback((message: ChatMessage) => {
    setLocal((prev) => upsert(prev, { ...message, state: "sent" }));
  }, []);

  return {
    items,
    loaded,
    loadError,
    hasMore,
    loadingOlder,
    reload,
    loadOlder,
    send,
    retry,
    cardDecided,
  };
}
