import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { countUnread } from "@/lib/server/messages/unread";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.unread, async ({ user }) => ({ count: await countUnread(user.id) })),
);
