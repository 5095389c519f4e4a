import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { getChatPeer, markConversationRead } from "@/lib/server/messages/conversation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  // The open chat calls it when a live message arrives.
  route(messagesApi.markRead, async ({ user, params }) => {
    await getChatPeer(user.id, params.userId);
    return { marked: await markConversationRead(user.id, params.userId) };
  }),
);
