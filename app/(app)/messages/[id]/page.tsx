import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ChatView } from "@/components/messages/chat-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { AppError } from "@/lib/server/errors";
import { getChatPeer } from "@/lib/server/messages/conversation";
import { userIdParamSchema } from "@/lib/validators/messages";

export const metadata: Metadata = { title: "Chat" };

/** /messages/{id}: id is the other user's id (spec §2). */
export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const parsed = userIdParamSchema.safeParse(id);
  if (!parsed.success) notFound();
  const viewer = await getCurrentUser();
  if (!viewer) redirect(`/auth?next=/messages/${parsed.data}`);
  if (viewer.id === parsed.data) redirect("/messages");
  const peer = await getChatPeer(viewer.id, parsed.data).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  // Keyed by the peer so switching chats starts a fresh view.
  return <ChatView key={peer.id} peer={peer} />;
}
