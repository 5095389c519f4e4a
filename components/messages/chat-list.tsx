"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { MessageSquarePlus, PhoneOff } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";
import { LoadMoreButton } from "@/components/ui/load-more";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { usePaged } from "@/lib/client/use-paged";
import { cn } from "@/lib/cn";
import type { ChatListItem } from "@/lib/contracts/messages";
import { onLocalMessagesRead, subscribeToMessageStream } from "./message-stream";
import { DateTime } from "@/components/ui/date-time";

/**
 * The chat list: Chats and Calls tabs, one row per conversation with the
 * other person's avatar, name, last message, its time (24-hour HH:MM) and the unread count.
 * Kept live: any message or read event for this user fetches the pages shown again (SWR keeps
 * only the newest answer when events come quickly).
 */
export function ChatList() {
  const { user, status } = useAuth();
  // Fetched beside /api/user, not after it: only a signed-out visitor (on the way to /auth) skips it.
  const signedOut = status === "signed-out";
  const pathname = usePathname();
  const listRef = useRef<HTMLUListElement>(null);
  const paged = usePaged<ChatListItem>(
    signedOut ? null : "/api/messages/chats",
    undefined,
    listRef,
    {
      onError: () => toast({ title: "Failed to fetch chats", variant: "destructive" }),
    },
  );
  const { refresh } = paged;
  const chats = paged.page?.items ?? null;

  useEffect(() => {
    if (signedOut) return;
    const offStream = subscribeToMessageStream((event) => {
      if (event.type !== "notification") void refresh();
    });
    const offRead = onLocalMessagesRead(() => void refresh());
    return () => {
      offStream();
      offRead();
    };
  }, [signedOut, refresh]);

  const activeId = /^\/messages\/(\d+)$/.exec(pathname)?.[1];

  return (
    <section
      aria-labelledby="messages-heading"
      className="flex h-full min-h-0 w-full min-w-0 flex-col"
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-4">
        <h1 id="messages-heading" className="text-2xl font-bold text-ink">
          Messages
        </h1>
        <Link
          href="/messages/new"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <MessageSquarePlus aria-hidden className="h-4 w-4" />
          New chat
        </Link>
      </div>
      <Tabs defaultValue="chats" className="flex min-h-0 flex-1 flex-col px-4 pt-3">
        <TabsList aria-label="Conversations" className="w-full">
          <TabsTrigger value="chats" className="flex-1">
            Chats
          </TabsTrigger>
          <TabsTrigger value="calls" className="flex-1">
            Calls
          </TabsTrigger>
        </TabsList>
        <TabsContent value="chats" className="min-h-0 flex-1 overflow-y-auto pb-4">
          {paged.status === "loading" ? (
            <p role="status" className="py-10 text-center text-sm text-muted">
              Loading conversations...
            </p>
          ) : chats === null ? (
            <div className="py-10 text-center">
              <p className="text-sm text-muted">Failed to fetch chats</p>
              <button
                type="button"
                onClick={() => void refresh()}
                className="mt-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
              >
                Try again
              </button>
            </div>
          ) : chats.length === 0 ? (
            <div className="py-10 text-center">
              <p className="font-semibold text-ink">No conversations yet</p>
              <p className="mt-1 text-sm text-muted">
                Message a farm to ask about produce, pickups or bulk orders.
              </p>
              <Link
                href="/messages/new"
                className="mt-4 inline-flex h-10 items-center rounded-lg border border-brand-200 bg-brand-50 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-100"
              >
                Find a farm to message
              </Link>
            </div>
          ) : (
            <>
              <ul ref={listRef} className="divide-y divide-gray-100">
                {chats.map((c) => (
                  <li key={c.user.id}>
                    <ChatRow
                      item={c}
                      mine={c.lastMessage.senderId === user?.id}
                      active={activeId === String(c.user.id)}
                    />
                  </li>
                ))}
              </ul>
              <LoadMoreButton list={paged} label="conversations" />
            </>
          )}
        </TabsContent>
        <TabsContent value="calls" className="pb-4">
          <div className="flex flex-col items-center py-10 text-center text-muted">
            <PhoneOff aria-hidden className="mb-2 h-6 w-6" />
            <p className="text-sm">No recent calls</p>
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ChatRow({ item, mine, active }: { item: ChatListItem; mine: boolean; active: boolean }) {
  const { user, lastMessage, unreadCount } = item;
  return (
    <Link
      href={`/messages/${user.id}`}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-gray-50",
        active && "bg-brand-50 hover:bg-brand-50",
      )}
    >
      <Avatar person={user} className="h-11 w-11" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={cn("truncate text-ink", unreadCount > 0 ? "font-bold" : "font-semibold")}
          >
            {user.farmName ?? user.fullName}
            {user.farmName ? (
              <span className="font-normal text-muted"> · {user.fullName}</span>
            ) : null}
          </span>
          <DateTime
            value={lastMessage.timestamp}
            format="time24"
            className="shrink-0 text-xs text-muted"
          />
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn(
              "truncate text-sm",
              unreadCount > 0 ? "font-medium text-ink" : "text-muted",
            )}
          >
            {mine ? "You: " : ""}
            {lastMessage.content}
          </span>
          {unreadCount > 0 ? (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
              {unreadCount}
              <span className="sr-only"> unread {unreadCount === 1 ? "message" : "messages"}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
