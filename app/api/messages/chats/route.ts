import { route } from "@/lib/server/http/route";
import { listChats } from "@/lib/server/messages/chats";

export const GET = route({ auth: "required" }, async ({ user }) => listChats(user.id));
