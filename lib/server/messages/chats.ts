import "server-only";
import { db } from "@/lib/server/db";
import type { ChatListItem } from "@/lib/validators/messages";
import { chatUserSelect, messageSelect, toChatMessage, toChatUser } from "./serialize";

/**
 * The user's chat list: one row per person they exchanged messages with, with the latest message
 * and how many of theirs are unread, newest conversation first.
 */
export async function listChats(userId: number): Promise<ChatListItem[]> {
  // Latest message id per peer in one pass over the user's messages (both indexes lead with the user).
  const latest = await db.$queryRaw<{ id: number; peer: number }[]>`
    SELECT DISTINCT ON (peer) id, peer FROM (
      SELECT "id", "receiverId" AS peer FROM "Message" WHERE "senderId" = ${userId}
      UNION ALL
      SELECT "id", "senderId" AS peer FROM "Message" WHERE "receiverId" = ${userId}
    ) m
    ORDER BY peer, id DESC`;
  if (latest.length === 0) return [];

  const [messages, users, unread] = await Promise.all([
    db.message.findMany({ where: { id: { in: latest.map((l) => l.id) } }, select: messageSelect }),
    db.user.findMany({ where: { id: { in: latest.map((l) => l.peer) } }, select: chatUserSelect }),
    db.message.groupBy({ by: ["senderId"], where: { receiverId: userId, isRead: false }, _count: { _all: true } }),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const unreadBy = new Map(unread.map((u) => [u.senderId, u._count._all]));

  const items: ChatListItem[] = [];
  for (const m of messages) {
    const peer = m.senderId === userId ? m.receiverId : m.senderId;
    const u = userById.get(peer);
    if (!u) continue;
    items.push({ user: toChatUser(u), lastMessage: toChatMessage(m), unreadCount: unreadBy.get(peer) ?? 0 });
  }
  return items.sort((a, b) => b.lastMessage.id - a.lastMessage.id);
}
