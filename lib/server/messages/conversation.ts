import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, readRows, sqlInt } from "@/lib/server/platform/db";
import { isDbId } from "@/lib/validators/id";
import { badRequest, notFound } from "@/lib/server/platform/errors";
import { publishRead } from "@/lib/server/realtime/bus";
import type { ChatMessage, ChatUser } from "@/lib/contracts/messages";
import {
  chatUserSelect,
  messageColumnsSql,
  messagesFromSql,
  toChatUser,
  type MessageSqlRow,
} from "./serialize";
import { haveTalked } from "./have-talked";

/**
 * The other participant of a chat, or 404. Anyone may write to a farm; a chat with anyone else
 * opens only when an order or an earlier conversation links the two — otherwise the same 404 as
 * for an id that does not exist, so ids cannot be probed (docs/security.md, "Privacy").
 */
export async function getChatPeer(viewerId: number, otherUserId: number): Promise<ChatUser> {
  if (otherUserId === viewerId) throw badRequest("You cannot send a message to yourself");
  if (!isDbId(otherUserId)) throw notFound("User not found");
  const u = await db.user.findUnique({ where: { id: otherUserId }, select: chatUserSelect });
  if (!u) throw notFound("User not found");
  const isFarm = u.userType === "farmer" && u.farm !== null;
  if (!isFarm && !(await linked(viewerId, otherUserId))) throw notFound("User not found");
  return toChatUser(u);
}

/** An order between the two (either one bought from the other's farm) or a message between them. */
async function linked(a: number, b: number): Promise<boolean> {
  const [talked, order] = await Promise.all([
    haveTalked(db, a, b),
    db.order.findFirst({
      where: {
        OR: [
          { userId: a, farm: { userId: b } },
          { userId: b, farm: { userId: a } },
        ],
      },
      select: { id: true },
    }),
  ]);
  return talked || order !== null;
}

/**
 * One page of the conversation between the viewer and another user, oldest first: the newest
 * `limit` messages, or those before message `before` (cursor = message id, for scroll-up loading).
 * Only messages where the viewer is a participant can ever match. Opening it marks what the
 * other user sent the viewer as read.
 */
export async function getConversation(
  viewerId: number,
  otherUserId: number,
  page: { before?: number; limit: number },
): Promise<ChatMessage[]> {
  if (page.before !== undefined && !isDbId(page.before))
    throw badRequest("before must be a message id", { before: "before must be a message id" });
  await getChatPeer(viewerId, otherUserId);
  await markConversationRead(viewerId, otherUserId);
  // The newest `limit` of each direction from its own (sender, receiver, id) index range, then
  // the newest `limit` of both: an OR over the two directions let PostgreSQL walk the primary key
  // backwards through everyone's messages instead (docs/architecture.md, "Where the time goes").
  const before = page.before ? Prisma.sql`AND m.id < ${page.before}` : Prisma.empty;
  const rows = await readRows<MessageSqlRow>(Prisma.sql`
    SELECT ${messageColumnsSql} FROM (
      (SELECT m.id FROM "Message" m WHERE m."senderId" = ${viewerId} AND m."receiverId" = ${otherUserId} ${before} ORDER BY m.id DESC LIMIT ${sqlInt(page.limit)})
      UNION ALL
      (SELECT m.id FROM "Message" m WHERE m."senderId" = ${otherUserId} AND m."receiverId" = ${viewerId} ${before} ORDER BY m.id DESC LIMIT ${sqlInt(page.limit)})
      ORDER BY id DESC LIMIT ${sqlInt(page.limit)}
    ) newest
    CROSS JOIN LATERAL (SELECT * FROM "Message" m WHERE m.id = newest.id LIMIT 1) m
    ORDER BY m.id ASC`);
  return messagesFromSql(rows);
}

/** Marks what `otherUserId` sent the viewer as read; tells both sides' streams when anything changed. */
export async function markConversationRead(viewerId: number, otherUserId: number): Promise<number> {
  const { count } = await db.message.updateMany({
    where: { senderId: otherUserId, receiverId: viewerId, isRead: false },
    data: { isRead: true },
  });
  if (count > 0) await publishRead(viewerId, otherUserId);
  return count;
}
