import { z } from "zod";
import { idCursorParam, pageLimit } from "./page";
import { plainText, visibleText } from "./text";

/** Longest message body, counted after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Page size of a conversation; older pages load on scroll up. */
export const CONVERSATION_PAGE_SIZE = 50;

/** POST /api/messages — shared by the chat composer and the handler. */
export const sendMessageSchema = z.object({
  receiverId: z.coerce
    .number({ error: "Choose who to send the message to" })
    .int("Choose who to send the message to")
    .positive("Choose who to send the message to"),
  content: visibleText("Message", "Message cannot be empty", { multiline: true })
    .min(1, "Message cannot be empty")
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
  /** Client-generated id: a retried send with the same id never stores a duplicate. */
  clientId: z
    .string()
    .trim()
    .min(1)
    .max(64, "clientId must be at most 64 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "clientId may only contain letters, digits, - and _")
    .optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** GET /api/messages/{userId}?before=<id>&limit=50 — cursor pagination, newest page first. */
export const conversationQuerySchema = z.object({
  before: z.coerce.number().int().positive("before must be a message id").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
});

/** GET /api/messages/chats?limit=&cursor= — the cursor is the last row's latest message id (see ./page.ts). */
export const chatsQuerySchema = z.object({ limit: pageLimit, cursor: idCursorParam });

/** GET /api/suppliers?q= */
export const supplierQuerySchema = z.object({
  q: plainText({ label: "Search text", trim: "space" })
    .max(100, "Search text is too long (100 characters at most)")
    .optional()
    .default(""),
});
