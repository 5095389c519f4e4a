import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { conversationQuerySchema, sendMessageSchema, supplierQuerySchema } from "@/lib/validators/messages";
import { endpoint, jsonBody } from "./endpoint";

const peer = z.object({ userId: idParam("User", { malformed: "User id must be a number" }) });

/** Conversations between shoppers, restaurants and farms, live over Server-Sent Events. */
export const messagesApi = {
  chats: endpoint({ method: "GET", path: "/api/messages/chats", tag: "Messages", summary: "Conversations, newest first", auth: "required" }),
  unread: endpoint({ method: "GET", path: "/api/messages/unread", tag: "Messages", summary: "How many received messages are unread", auth: "required" }),
  stream: endpoint({ method: "GET", path: "/api/messages/stream", tag: "Messages", summary: "Server-Sent Events: each new message for this user, live", auth: "required", response: "text/event-stream", errors: ["rate_limited"] }),
  send: endpoint({
    method: "POST",
    path: "/api/messages",
    tag: "Messages",
    summary: "Send a message",
    description: "A repeated clientId never stores a duplicate.",
    auth: "required",
    body: jsonBody(sendMessageSchema),
    status: 201,
    errors: ["not_found", "idempotency_key_reused", "rate_limited"],
  }),
  conversation: endpoint({
    method: "GET",
    path: "/api/messages/{userId}",
    tag: "Messages",
    summary: "The conversation with one user, oldest first (cursor: before); marks received messages read",
    auth: "required",
    params: peer,
    query: conversationQuerySchema,
  }),
  markRead: endpoint({ method: "POST", path: "/api/messages/{userId}/read", tag: "Messages", summary: "Mark what that user sent me as read", auth: "required", params: peer }),
  suppliers: endpoint({ method: "GET", path: "/api/suppliers", tag: "Messages", summary: "Farms and suppliers to chat with", auth: "required", query: supplierQuerySchema }),
};
