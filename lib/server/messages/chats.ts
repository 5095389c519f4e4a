import "server-only";
import { db } from "@/lib/server/db";
import type { ChatListItem } from "@/lib/validators/messages";
import type { Page } from "@/lib/validators/page";
import { chatUserSelect, messageSelect, toChatMessage, toChatUser } from "./serialize";

/**
 * One page of the user's chat list: one row per person they exchanged messages with, with the
 * latest message and how many of theirs are unread, newest conversation first. The cursor is the
 * last row's latest message id (ids only grow, so a page never repeats or skips a conversation
 * that has not changed since).
 */
export async function listChats(userId: number, page: { limit: number; cursor?: number }): Promise<Page<ChatListItem>> {
  // Latest message id per peer (both indexes lead with the user), one page of them, newest first.
  const before = page.cursor ?? 2_147_483_647;
  const latest = await db.$queryRaw<{ id: number; peer: number }[]>`
    SELECT max(id) AS id, peer FROM (
      SELECT "id", "receiverId" AS peer FROM "Message" WHERE "senderId" = ${userId}
      UNION ALL
      SELECT "id", "senderId" AS peer FROM "Message" WHERE "receiverId" = ${userId}
    ) m
    GROUP BY peer
    HAVING max(id) < ${before}
    ORDER BY max(id) DESC
    LIMIT ${page.limit + 1}`;
  if (latest.length === 0) return { items: [], nextCursor: null };
  const shown = latest.slice(0, page.limit);
  const peers = shown.map((l) => l.peer);

  const [messages, users, unread] = await Promise.all([
    db.message.findMany({ where: { id: { in: shown.map((l) => l.id) } }, select: messageSelect }),
    db.user.findMany({ where: { id: { in: peers } }, select: chatUserSelect }),
    db.message.groupBy({ by: ["senderId"], where: { receiverId: userId, senderId: { in: peers }, isRead: false }, _count: { _all: true } }),
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
  items.sort((a, b) => b.lastMessage.id - a.lastMessage.id);
  return { items, nextCursor: latest.length > page.limit ? String(shown[shown.length - 1].id) : null };
}
