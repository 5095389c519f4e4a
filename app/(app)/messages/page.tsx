import type { Metadata } from "next";
import { MessageCircle } from "lucide-react";

export const metadata: Metadata = { title: "Messages" };

/** /messages: the chat list is in the layout; from 768px this pane sits beside it. */
export default function MessagesPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-muted">
      <MessageCircle aria-hidden className="h-10 w-10 text-brand-700" />
      <p className="font-semibold text-ink">Your messages</p>
      <p className="max-w-xs text-sm">Pick a conversation, or start a new chat with a farm.</p>
    </div>
  );
}
