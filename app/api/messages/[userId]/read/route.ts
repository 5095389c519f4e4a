import { route } from "@/lib/server/http/route";
import { getChatPeer, markConversationRead } from "@/lib/server/messages/conversation";
import { userIdParamSchema } from "@/lib/validators/messages";

/** Marks what that user sent me as read (the open chat calls it when a live message arrives). */
export const POST = route({ auth: "required" }, async ({ user, params }) => {
  const other = userIdParamSchema.parse(params.userId);
  await getChatPeer(user.id, other);
  return { marked: await markConversationRead(user.id, other) };
});
