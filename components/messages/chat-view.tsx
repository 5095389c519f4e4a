"use client";
import { useId, useRef, useState } from "react";
import { AlertCircle, Loader2, SendHorizontal } from "lucide-react";
import { BackToMessages, ChatName } from "./chat-parts";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";
import { inputClass } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { DateTime } from "@/components/ui/date-time";
import { MESSAGE_MAX_LENGTH } from "@/lib/validators/messages";
import { type ChatUser } from "@/lib/contracts/messages";
import { AdjustmentCard } from "@/components/adjustments/adjustment-card";
import { chatItemKey, useConversation, type ChatItem } from "./use-conversation";

const LOAD_OLDER_AT_PX = 80;

/** One conversation: header, the message log (older pages load when scrolled to the top) and the composer. */
export function ChatView({ peer }: { peer: ChatUser }) {
  const { user } = useAuth();
  const me = user?.id ?? 0;
  const logRef = useRef<HTMLDivElement>(null);
  const chat = useConversation(peer.id, me, logRef);
  const { items, loaded, loadError, hasMore, loadingOlder, loadOlder } = chat;
  const onScroll = () => {
    const el = logRef.current;
    if (el && el.scrollTop < LOAD_OLDER_AT_PX && hasMore && !loadingOlder && loaded) loadOlder();
  };

  return (
    <section aria-labelledby="chat-heading" className="flex min-h-0 w-full flex-col">
      <ChatHeader peer={peer} />

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
            <button
              type="button"
              onClick={loadOlder}
              disabled={loadingOlder}
              className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
            >
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
            <button
              type="button"
              onClick={chat.reload}
              className="mt-2 font-semibold text-brand-700 underline underline-offset-4"
            >
              Try again
            </button>
          </div>
        ) : null}
        {loaded && items.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted">
            No messages yet. Say hello to {peer.fullName}!
          </p>
        ) : null}
        <ol className="flex flex-col gap-2">
          {items.map((m) =>
            m.kind === "adjustment" && m.adjustment ? (
              <li
                key={chatItemKey(m)}
                className={cn("flex flex-col", m.senderId === me ? "items-end" : "items-start")}
                data-testid="chat-message"
                data-state={m.state}
              >
                <AdjustmentCard
                  card={m.adjustment}
                  me={me}
                  onDecided={(card) => chat.cardDecided({ ...m, adjustment: card })}
                />
                <span className="mt-0.5 px-1 text-xs text-muted">
                  <DateTime value={m.timestamp} format="time" />
                </span>
              </li>
            ) : (
              <MessageBubble
                key={chatItemKey(m)}
                item={m}
                mine={m.senderId === me}
                onRetry={() => chat.retry(m)}
              />
            ),
          )}
        </ol>
      </div>

      <Composer peerName={peer.fullName} ready={me !== 0} onSend={chat.send} />
    </section>
  );
}

function ChatHeader({ peer }: { peer: ChatUser }) {
  // Worked out on the server: the farm's location, or "Restaurant" (see docs/security.md).
  const label = peer.label;
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 px-3 py-2.5">
      <BackToMessages />
      <Avatar person={peer} className="h-10 w-10" />
      <div className="min-w-0">
        {/* A farmer is named by the farm, as in the chat list; anyone else by their own name. */}
        <h1 id="chat-heading" className="flex items-center gap-1 truncate font-bold text-ink">
          <ChatName user={{ ...peer, fullName: peer.farmName ?? peer.fullName }} />
          {peer.farmName ? (
            <span className="truncate font-normal text-muted">· {peer.fullName}</span>
          ) : null}
        </h1>
        <p className="truncate text-sm text-muted" data-testid="chat-peer-label">
          {label}
        </p>
      </div>
    </header>
  );
}

/**
 * The message box: Enter sends, Shift+Enter adds a line; focus stays in the box after sending.
 * Until the conversation can send (`ready`: the session user is known) the button is disabled and
 * Enter keeps the text, so nothing typed in the page's first moments is cleared unsent.
 */
function Composer({
  peerName,
  ready,
  onSend,
}: {
  peerName: string;
  ready: boolean;
  onSend: (content: string) => boolean;
}) {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const blank = text.trim() === "";
  const send = () => {
    const content = text.trim();
    if (!content || !onSend(content)) return;
    setText("");
    inputRef.current?.focus();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      className="flex items-end gap-2 border-t border-gray-200 bg-white p-3"
    >
      <label htmlFor={inputId} className="sr-only">
        Message {peerName}
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
        disabled={blank || !ready}
        aria-label="Send message"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700"
      >
        <SendHorizontal aria-hidden className="h-5 w-5" />
      </button>
    </form>
  );
}

function MessageBubble({
  item,
  mine,
  onRetry,
}: {
  item: ChatItem;
  mine: boolean;
  onRetry: () => void;
}) {
  return (
    <li
      className={cn("flex flex-col", mine ? "items-end" : "items-start")}
      data-state={item.state}
      data-testid="chat-message"
    >
      <div
        className={cn(
          "max-w-[80%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap",
          mine
            ? "rounded-br-md bg-brand-700 text-white"
            : "rounded-bl-md bg-white text-ink shadow-sm",
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
        {mine && item.state === "sent" ? (
          <span data-testid="read-state">{item.isRead ? "Read" : "Sent"}</span>
        ) : null}
        {mine && item.state === "failed" ? (
          <span role="alert" className="inline-flex items-center gap-1 text-red-800">
            <AlertCircle aria-hidden className="h-3.5 w-3.5" />
            Failed to send{item.error ? `: ${item.error}` : ""}
            <button
              type="button"
              onClick={onRetry}
              className="ml-1 font-semibold text-brand-800 underline underline-offset-2"
            >
              Retry
            </button>
          </span>
        ) : null}
      </div>
    </li>
  );
}
