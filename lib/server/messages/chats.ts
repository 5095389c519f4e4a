import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UserType } from "@/lib/generated/prisma/client";
import { readRows, sqlInt } from "@/lib/server/platform/db";
import type { ChatListItem } from "@/lib/contracts/messages";
import type { Page } from "@/lib/validators/page";
import { messageColumnsSql, messagesFromSql, toChatUser, type MessageSqlRow } from "./serialize";

type ChatRow = MessageSqlRow & {
  peerId: number;
  fullName: string;
  userType: UserType;
  profileImage: string;
  verified: boolean;
  farmLocation: string | null;
  farmName: string | null;
  companyName: string | null;
  businessStatus: string | null;
  unread: number;
};

/**
 * One page of the user's chat list: one row per person they exchanged messages with, with the
 * latest message and how many of theirs are unread, newest conversation first. The cursor is the
 * last row's latest message id (ids only grow, so a page never repeats or skips a conversation
 * that has not changed since).
 *
 * One statement whose cost follows the number of people, not of messages (docs/architecture.md,
 * "Where the time goes"): the peers are found by skipping through the (sender, receiver, id) and
 * (receiver, sender, id) indexes one peer at a time (a recursive "loose index scan"), each peer's
 * latest message is the first entry of its two index ranges, and the page looks up the message, the
 * person and their unread count by key (LATERAL … LIMIT 1: the planner cannot count the peers
 * ahead, and guessing many made it scan every message to hash-join them). An adjustment card comes
 * in the same statement (`messageColumnsSql`).
 */
export async function listChats(
  userId: number,
  page: { limit: number; cursor?: number },
): Promise<Page<ChatListItem>> {
  const before = page.cursor ?? 2_147_483_647;
  const rows = await readRows<ChatRow>(Prisma.sql`
    WITH RECURSIVE sent(peer) AS (
      SELECT (SELECT min("receiverId") FROM "Message" WHERE "senderId" = ${userId})
      UNION ALL
      SELECT (SELECT min("receiverId") FROM "Message" WHERE "senderId" = ${userId} AND "receiverId" > s.peer) FROM sent s WHERE s.peer IS NOT NULL
    ), received(peer) AS (
      SELECT (SELECT min("senderId") FROM "Message" WHERE "receiverId" = ${userId})
      UNION ALL
      SELECT (SELECT min("senderId") FROM "Message" WHERE "receiverId" = ${userId} AND "senderId" > r.peer) FROM received r WHERE r.peer IS NOT NULL
    ), peers AS (
      SELECT peer FROM sent WHERE peer IS NOT NULL UNION SELECT peer FROM received WHERE peer IS NOT NULL
    ), latest AS (
      SELECT p.peer, GREATEST(
        (SELECT m.id FROM "Message" m WHERE m."senderId" = ${userId} AND m."receiverId" = p.peer ORDER BY m.id DESC LIMIT 1),
        (SELECT m.id FROM "Message" m WHERE m."senderId" = p.peer AND m."receiverId" = ${userId} ORDER BY m.id DESC LIMIT 1)
      ) AS id
      FROM peers p
    ), shown AS (
      SELECT peer, id FROM latest WHERE id < ${before} ORDER BY id DESC LIMIT ${sqlInt(page.limit + 1)}
    )
    SELECT m.*, u.*,
      (SELECT count(*)::int FROM "Message" r WHERE r."receiverId" = ${userId} AND r."senderId" = s.peer AND NOT r."isRead") AS unread
    FROM shown s
    CROSS JOIN LATERAL (
      SELECT ${messageColumnsSql} FROM "Message" m WHERE m.id = s.id LIMIT 1
    ) m
    CROSS JOIN LATERAL (
      SELECT u.id AS "peerId", u."fullName", u."userType"::text AS "userType", u."profileImage", u.verified,
        f.location AS "farmLocation", f."farmName", b."companyName", b.status::text AS "businessStatus"
      FROM "User" u LEFT JOIN "Farm" f ON f."userId" = u.id LEFT JOIN "BusinessAccount" b ON b."userId" = u.id
      WHERE u.id = s.peer LIMIT 1
    ) u
    ORDER BY s.id DESC`);
  if (rows.length === 0) return { items: [], nextCursor: null };
  const shown = rows.slice(0, page.limit);

  const messages = messagesFromSql(shown);
  const items = shown.map((r, i) => ({
    user: toChatUser({
      id: r.peerId,
      fullName: r.fullName,
      userType: r.userType,
      profileImage: r.profileImage,
      verified: r.verified,
      farm:
        r.farmLocation === null ? null : { location: r.farmLocation, farmName: r.farmName ?? "" },
      businessAccount:
        r.companyName === null
          ? null
          : { companyName: r.companyName, status: r.businessStatus as "approved" },
    }),
    lastMessage: messages[i],
    unreadCount: r.unread,
  }));
  return {
    items,
    nextCursor: rows.length > page.limit ? String(shown[shown.length - 1].id) : null,
  };
}
