import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import {
  chatsQuerySchema,
  conversationQuerySchema,
  sendMessageSchema,
  supplierQuerySchema,
} from "@/lib/validators/messages";
import { adjustment } from "./adjustments";
import { endpoint, jsonBody, PAGED } from "./endpoint";
import { id, isoDate, userType } from "./json";

/**
 * A chat participant as other users may see them. `label` is decided on the server: a farmer's
 * farm location, "Restaurant" for everyone else; never an address, email, phone or username.
 */
export const chatUser = z.object({
  id,
  fullName: z.string(),
  userType,
  label: z.string(),
  farmName: z.string().nullable().describe("a farmer's farm: chats are named by it"),
  profileImage: z.string(),
  verified: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUser>;

export const chatMessage = z.object({
  id,
  senderId: id,
  receiverId: id,
  content: z.string(),
  timestamp: isoDate,
  isRead: z.boolean(),
  clientId: z.string().nullable().describe("the sender's retry key"),
  attachments: z.array(z.string()),
  kind: z
    .enum(["text", "adjustment"])
    .describe("adjustment: a farm's proposed change to an order, shown as a card"),
  adjustment: adjustment
    .nullable()
    .describe("the card of a `kind: adjustment` message, as it stands now"),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatListItem = z.object({
  user: chatUser,
  lastMessage: chatMessage,
  unreadCount: z.number().int(),
});
export type ChatListItem = z.infer<typeof chatListItem>;

export const supplierListItem = z.object({ user: chatUser, status: z.string() });
export type SupplierListItem = z.infer<typeof supplierListItem>;

const peer = z.object({ userId: idParam("User", { malformed: "User id must be a number" }) });

/** Conversations between shoppers, restaurants and farms, live over Server-Sent Events. */
export const messagesApi = {
  chats: endpoint({
    method: "GET",
    path: "/api/messages/chats",
    tag: "Messages",
    summary: "Conversations, newest first",
    description: PAGED,
    auth: "required",
    query: chatsQuerySchema,
    response: z.array(chatListItem),
  }),
  unread: endpoint({
    method: "GET",
    path: "/api/messages/unread",
    tag: "Messages",
    summary: "How many received messages are unread",
    auth: "required",
    response: z.object({ count: z.number().int() }),
  }),
  stream: endpoint({
    method: "GET",
    path: "/api/messages/stream",
    tag: "Messages",
    summary: "Server-Sent Events: each new message for this user, live",
    description:
      "Events: `message` ({message}), `read` ({byUserId, otherUserId}), `notification` ({kind}: one of this user's orders changed elsewhere, docs/notifications.md), `resync`, `closed`.",
    auth: "required",
    response: "text/event-stream",
    errors: ["rate_limited"],
  }),
  send: endpoint({
    method: "POST",
    path: "/api/messages",
    tag: "Messages",
    summary: "Send a message",
    description: "A repeated clientId never stores a duplicate.",
    auth: "required",
    body: jsonBody(sendMessageSchema),
    status: 201,
    response: chatMessage,
    errors: ["not_found", "idempotency_key_reused", "rate_limited"],
  }),
  conversation: endpoint({
    method: "GET",
    path: "/api/messages/{userId}",
    tag: "Messages",
    summary:
      "The conversation with one user, oldest first (cursor: before); marks received messages read",
    auth: "required",
    params: peer,
    query: conversationQuerySchema,
    response: z.array(chatMessage),
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/messages/{userId}/read",
    tag: "Messages",
    summary: "Mark what that user sent me as read",
    auth: "required",
    params: peer,
    response: z.object({ marked: z.number().int() }),
  }),
  suppliers: endpoint({
    method: "GET",
    path: "/api/suppliers",
    tag: "Messages",
    summary: "Farms and suppliers to chat with",
    auth: "required",
    query: supplierQuerySchema,
    response: z.array(supplierListItem),
  }),
};

/** Server-Sent Events on GET /api/messages/stream. */
export type StreamEvent =
  | { type: "message"; message: ChatMessage }
  /** `byUserId` read the messages `otherUserId` sent them. */
  | { type: "read"; byUserId: number; otherUserId: number }
  /** The user was notified of an order event (docs/notifications.md): order lists refetch. */
  | { type: "notification"; kind: string };
