import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { getConversation } from "@/lib/server/messages/conversation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.conversation, ({ user, params, query }) =>
    getConversation(user.id, params.userId, query),
  ),
);
