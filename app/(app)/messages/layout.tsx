import { ChatList } from "@/components/messages/chat-list";
import { MessagesFrame } from "@/components/messages/messages-frame";
import { requireUser } from "@/lib/server/auth/current-user";

export default async function MessagesLayout({ children }: { children: React.ReactNode }) {
  await requireUser("/messages");
  return <MessagesFrame list={<ChatList />}>{children}</MessagesFrame>;
}
