import { redirect } from "next/navigation";
import { RequireAuth } from "@/components/auth/require-auth";
import { ChatList } from "@/components/messages/chat-list";
import { MessagesFrame } from "@/components/messages/messages-frame";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export default async function MessagesLayout({ children }: { children: React.ReactNode }) {
  // The proxy only sees that a cookie exists; the session itself is checked here.
  if (!(await getCurrentUser())) redirect("/auth?next=/messages");
  return (
    <RequireAuth>
      <MessagesFrame list={<ChatList />}>{children}</MessagesFrame>
    </RequireAuth>
  );
}
