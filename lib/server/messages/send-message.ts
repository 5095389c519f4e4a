import "server-only";
import { db } from "@/lib/server/db";
import { AppError, badRequest } from "@/lib/server/errors";
import { publishMessage } from "@/lib/server/realtime/bus";
import type { ChatMessage, SendMessageInput } from "@/lib/validators/messages";
import { getChatPeer } from "./conversation";
import { messageSelect, toChatMessage } from "./serialize";

/**
 * Stores a message from `senderId` and publishes it (after commit) to both participants' streams.
 * With a `clientId`, a retry of the same send returns the message stored the first time
 * (unique (senderId, clientId)) instead of writing a duplicate.
 */
export async function sendMessage(senderId: number, input: SendMessageInput): Promise<ChatMessage> {
  if (input.receiverId === senderId) throw badRequest("You cannot send a message to yourself", { receiverId: "You cannot send a message to yourself" });

  if (input.clientId) {
    const earlier = await findByClientId(senderId, input.clientId);
    if (earlier) return sameSendOrConflict(earlier, input);
  }

  // The same rule as opening the chat: anyone may write to a farm, others only when linked.
  await getChatPeer(senderId, input.receiverId);

  let created;
  try {
    created = await db.message.create({
      data: { senderId, receiverId: input.receiverId, content: input.content, clientId: input.clientId ?? null },
      select: messageSelect,
    });
  } catch (e) {
    // Two concurrent retries with the same clientId: the loser returns the winner's row.
    if (input.clientId && (e as { code?: string }).code === "P2002") {
      const earlier = await findByClientId(senderId, input.clientId);
      if (earlier) return sameSendOrConflict(earlier, input);
    }
    throw e;
  }
  const message = toChatMessage(created);
  await publishMessage(message);
  return message;
}

async function findByClientId(senderId: number, clientId: string) {
  const m = await db.message.findUnique({ where: { senderId_clientId: { senderId, clientId } }, select: messageSelect });
  return m ? toChatMessage(m) : null;
}

function sameSendOrConflict(earlier: ChatMessage, input: SendMessageInput): ChatMessage {
  if (earlier.receiverId !== input.receiverId || earlier.content !== input.content) {
    throw new AppError("idempotency_key_reused", "This clientId was already used for a different message", { fieldErrors: { clientId: "Already used for a different message" } });
  }
  return earlier;
}
