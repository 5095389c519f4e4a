import "server-only";
import { db } from "@/lib/server/platform/db";
import { Prisma, type MessageKind } from "@/lib/generated/prisma/client";
import {
  adjustmentInclude,
  serializeAdjustment,
  type AdjustmentRow,
} from "@/lib/server/adjustments/serialize";
import type { ChatMessage, ChatUser } from "@/lib/contracts/messages";

/**
 * What one user may see of another in chats: name, picture, verified tick and a label worked out
 * here — the farm's location for a farmer, the company name for an approved business account,
 * "Restaurant" for everyone else. Never an address,
 * email, phone or username (see docs/security.md, "Privacy").
 */
export const chatUserSelect = {
  id: true,
  fullName: true,
  userType: true,
  profileImage: true,
  verified: true,
  farm: { select: { location: true, farmName: true } },
  businessAccount: { select: { companyName: true, status: true } },
} as const satisfies Prisma.UserSelect;

type ChatUserRow = Prisma.UserGetPayload<{ select: typeof chatUserSelect }>;

/** The one place the chat label is decided. */
export function chatLabel(u: Pick<ChatUserRow, "userType" | "farm" | "businessAccount">): string {
  if (u.userType === "farmer") return u.farm?.location || "Farm";
  if (u.userType === "restaurant" && u.businessAccount?.status === "approved")
    return u.businessAccount.companyName;
  return "Restaurant";
}

export function toChatUser(u: ChatUserRow): ChatUser {
  return {
    id: u.id,
    fullName: u.fullName,
    userType: u.userType,
    profileImage: u.profileImage,
    verified: u.verified,
    label: chatLabel(u),
    farmName: u.userType === "farmer" ? (u.farm?.farmName ?? null) : null,
  };
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
  kind: true,
  adjustment: { include: adjustmentInclude },
} as const satisfies Prisma.MessageSelect;

export function toChatMessage(
  m: Prisma.MessageGetPayload<{ select: typeof messageSelect }>,
): ChatMessage {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    timestamp: m.timestamp.toISOString(),
    isRead: m.isRead,
    clientId: m.clientId,
    attachments: m.attachments.map((a) => a.url),
    kind: m.kind,
    adjustment: m.adjustment ? serializeAdjustment(m.adjustment) : null,
  };
}

/**
 * A message's columns for hand-written list SQL (the message aliased `m`), attachments in order and
 * its adjustment card, if any, with the card's order's farm (as `adjustmentInclude` reads it), so a
 * chat list, a conversation or a send is one statement with or without cards in it;
 * `messagesFromSql` turns such rows into the same ChatMessage as `messageSelect` + `toChatMessage`.
 */
export const messageColumnsSql = Prisma.sql`m.id, m."senderId", m."receiverId", m.content, m.timestamp, m."isRead", m."clientId", m.kind::text AS kind, m."adjustmentId",
  (SELECT array_agg(a.url ORDER BY a.id) FROM "MessageAttachment" a WHERE a."messageId" = m.id) AS attachments,
  (SELECT json_build_object('id', a.id, 'orderId', a."orderId", 'farmId', a."farmId", 'buyerId', a."buyerId", 'status', a.status, 'lines', a.lines,
      'deltaCents', a."deltaCents", 'note', a.note, 'orderVersion', a."orderVersion", 'messageId', a."messageId", 'createdAt', a."createdAt",
      'decidedAt', a."decidedAt", 'orderFarmId', f.id, 'farmName', f."farmName")
    FROM "OrderAdjustment" a JOIN "Order" o ON o.id = a."orderId" JOIN "Farm" f ON f.id = o."farmId"
    WHERE a.id = m."adjustmentId") AS card`;

/** An adjustment card as `messageColumnsSql` writes it: JSON, its instants as UTC text without a zone. */
type CardJson = Omit<AdjustmentRow, "order" | "createdAt" | "decidedAt"> & {
  createdAt: string;
  decidedAt: string | null;
  orderFarmId: number;
  farmName: string;
};

export type MessageSqlRow = {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  timestamp: Date;
  isRead: boolean;
  clientId: string | null;
  kind: MessageKind;
  adjustmentId: number | null;
  attachments: string[] | null;
  card: CardJson | null;
};

const utc = (text: string) => new Date(`${text}Z`);

function cardRow({ orderFarmId, farmName, createdAt, decidedAt, ...a }: CardJson): AdjustmentRow {
  return {
    ...a,
    createdAt: utc(createdAt),
    decidedAt: decidedAt === null ? null : utc(decidedAt),
    order: { farm: { id: orderFarmId, farmName } },
  };
}

/** Rows of `messageColumnsSql` as ChatMessages. */
export function messagesFromSql(rows: MessageSqlRow[]): ChatMessage[] {
  return rows.map((r) =>
    toChatMessage({
      id: r.id,
      senderId: r.senderId,
      receiverId: r.receiverId,
      content: r.content,
      timestamp: r.timestamp,
      isRead: r.isRead,
      clientId: r.clientId,
      attachments: (r.attachments ?? []).map((url) => ({ url })),
      kind: r.kind,
      adjustment: r.card === null ? null : cardRow(r.card),
    }),
  );
}

/** One message by id, for realtime delivery (the caller delivers it only to its two participants). */
export async function loadMessage(id: number): Promise<ChatMessage | null> {
  const m = await db.message.findUnique({ where: { id }, select: messageSelect });
  return m ? toChatMessage(m) : null;
}
