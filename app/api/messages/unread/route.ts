import { route } from "@/lib/server/http/route";
import { countUnread } from "@/lib/server/messages/unread";

export const GET = route({ auth: "required" }, async ({ user }) => ({ count: await countUnread(user.id) }));
