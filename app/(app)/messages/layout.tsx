import { ChatList } from "@/components/messages/chat-list";
import { MessagesFrame } from "@/components/messages/messages-frame";

/** The chat list beside every messages page; it reads /api/messages/chats in the browser. */
export default function MessagesLayout({ children }: { children: React.ReactNode }) {
  return <MessagesFrame list={<ChatList />}>{children}</MessagesFrame>;
}
