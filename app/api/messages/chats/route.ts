import { messagesApi } from "@/lib/contracts/messages";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";
import { listChats } from "@/lib/server/messages/chats";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.chats, async ({ req, user, query, headers }) =>
    pageAnswer(req, headers, await listChats(user.id, query)),
  ),
);
