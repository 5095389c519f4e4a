"use client";
import Link from "next/link";
import { MessageCircle } from "lucide-react";
import { useUnreadCount } from "@/components/messages/use-unread-count";
import { CountBadge } from "./count-badge";

/** Header badge button with the real unread message count (0 for visitors). */
export function MessagesButton() {
  const unread = useUnreadCount();
  return (
    <Link
      href="/messages"
      data-testid="messages-button"
      aria-label={`Messages, ${unread} unread`}
      className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-gray-100"
    >
      <MessageCircle aria-hidden className="h-6 w-6" />
      <CountBadge count={unread} testId="messages-count" />
    </Link>
  );
}
