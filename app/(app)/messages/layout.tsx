import { ChatList } from "@/components/messages/chat-list";
import { MessagesFrame } from "@/components/messages/messages-frame";

export default function MessagesLayout({ children }: { children: React.ReactNode }) {
  return <MessagesFrame list={<ChatList />}>{children}</MessagesFrame>;
}
