import "server-only";
import { db } from "@/lib/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ChatMessage, ChatUser } from "@/lib/validators/messages";

/** What one user may see of another in chats: no email, phone, password or session data. */
export const chatUserSelect = {
  id: true,
  username: true,
  fullName: true,
  userType: true,
  address: true,
  profileImage: true,
  verified: true,
} as const satisfies Prisma.UserSelect;

export function toChatUser(u: Prisma.UserGetPayload<{ select: typeof chatUserSelect }>): ChatUser {
  return { id: u.id, username: u.username, fullName: u.fullName, userType: u.userType, address: u.address, profileImage: u.profileImage, verified: u.verified };
}

export const messageSelect = {
  id: true,
  senderId: true,
  receiverId: true,
  content: true,
  timestamp: true,
  isRead: true,
  clientId: true,
  attachments: { select: { url: true }, orderBy: { id: "asc" } },
} as const satisfies Prisma.MessageSelect;

export function toChatMessage(m: Prisma.MessageGetPayload<{ select: typeof messageSelect }>): ChatMessage {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    timestamp: m.timestamp.toISOString(),
    isRead: m.isRead,
    clientId: m.clientId,
    attachments: m.attachments.map((a) => a.url),
  };
}

/** One message by id, for realtime delivery (the caller delivers it only to its two participants). */
export async function loadMessage(id: number): Promise<ChatMessage | null> {
  const m = await db.message.findUnique({ where: { id }, select: messageSelect });
  return m ? toChatMessage(m) : null;
}
