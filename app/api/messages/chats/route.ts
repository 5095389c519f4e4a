import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { listChats } from "@/lib/server/messages/chats";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.chats, ({ user }) => listChats(user.id)),
);
