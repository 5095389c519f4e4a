import "server-only";
import { db } from "@/lib/server/db";

/** Messages the user received and has not read yet (header badge). */
export async function countUnread(userId: number): Promise<number> {
  return db.message.count({ where: { receiverId: userId, isRead: false } });
}
