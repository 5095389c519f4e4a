import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ChatView } from "@/components/messages/chat-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { isAppError } from "@/lib/server/platform/errors";
import { getChatPeer } from "@/lib/server/messages/conversation";
import { parseIdParam } from "@/lib/validators/id";

export const metadata: Metadata = { title: "Chat" };

/** /messages/{id}: id is the other user's id. */
export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const peerId = parseIdParam(id);
  if (peerId === null) notFound();
  const viewer = await requireUser(`/messages/${peerId}`);
  if (viewer.id === peerId) redirect("/messages");
  const peer = await getChatPeer(viewer.id, peerId).catch((e) => {
    if (isAppError(e, "not_found")) notFound();
    throw e;
  });
  // Keyed by the peer so switching chats starts a fresh view.
  return <ChatView key={peer.id} peer={peer} />;
}
