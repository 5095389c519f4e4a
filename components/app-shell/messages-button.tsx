"use client";
import { IntentLink } from "@/components/ui/intent-link";
import { useUnreadCount } from "@/components/messages/use-unread-count";
import { CountBadge } from "./count-badge";
import { Icon } from "@/components/ui/icon";

/** Header badge button with the real unread message count (0 for visitors). */
export function MessagesButton() {
  const unread = useUnreadCount();
  return (
    <IntentLink
      href="/messages"
      data-testid="messages-button"
      aria-label={`Messages, ${unread} unread`}
      className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-gray-100"
    >
      <Icon name="message-circle" className="h-6 w-6" />
      <CountBadge count={unread} testId="messages-count" />
    </IntentLink>
  );
}
