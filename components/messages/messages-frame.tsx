"use client";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";

export type MessagesMode = "list" | "new" | "chat";

/** docs/product.md: the view mode (list, new chat, chat) follows from the path. */
export function messagesMode(pathname: string): MessagesMode {
  if (pathname === "/messages/new") return "new";
  if (/^\/messages\/[^/]+$/.test(pathname)) return "chat";
  return "list";
}

/**
 * Messages layout: on phones one view at a time (the list, or the open chat / new chat); from
 * 768px the chat list stays on the left beside the open view, so switching chats keeps context.
 */
export function MessagesFrame({
  list,
  children,
}: {
  list: React.ReactNode;
  children: React.ReactNode;
}) {
  const mode = messagesMode(usePathname());
  return (
    <div
      data-mode={mode}
      className="mx-auto flex h-[calc(100dvh-14rem)] min-h-[26rem] w-full max-w-6xl overflow-hidden bg-white md:h-[calc(100dvh-7.5rem)] md:rounded-xl md:border md:border-gray-200"
    >
      <div
        className={cn(
          "min-h-0 w-full md:flex md:w-80 md:shrink-0 md:border-r md:border-gray-200 lg:w-96",
          mode === "list" ? "flex" : "hidden",
        )}
      >
        {list}
      </div>
      <div className={cn("min-h-0 min-w-0 flex-1 md:flex", mode === "list" ? "hidden" : "flex")}>
        {children}
      </div>
    </div>
  );
}
