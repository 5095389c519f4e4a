import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { sendMessage } from "@/lib/server/messages/send-message";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.send, ({ user, body }) => sendMessage(user.id, body)),
);
