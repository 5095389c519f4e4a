import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/server/platform/db";

/** Messages the user received and has not read yet (header badge; a hot read: every page view asks). */
export async function countUnread(userId: number): Promise<number> {
  const [row] = await readRows<{ count: number }>(
    Prisma.sql`SELECT count(*)::int AS count FROM "Message" WHERE "receiverId" = ${userId} AND NOT "isRead"`,
  );
  return row.count;
}
