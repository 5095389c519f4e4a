import { route } from "@/lib/server/http/route";
import { getConversation } from "@/lib/server/messages/conversation";
import { conversationQuerySchema, userIdParamSchema } from "@/lib/validators/messages";

export const GET = route({ auth: "required", query: conversationQuerySchema }, async ({ user, params, query }) =>
  getConversation(user.id, userIdParamSchema.parse(params.userId), query),
);
