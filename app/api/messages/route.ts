import { json, route } from "@/lib/server/http/route";
import { sendMessage } from "@/lib/server/messages/send-message";
import { sendMessageSchema } from "@/lib/validators/messages";

export const POST = route({ auth: "required", body: sendMessageSchema }, async ({ user, body }) => json(await sendMessage(user.id, body), 201));
