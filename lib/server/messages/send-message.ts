import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { AppError, badRequest } from "@/lib/server/errors";
import { publishMessage } from "@/lib/server/realtime/bus";
import { consume } from "@/lib/server/rate-limit";
import type { ChatMessage, SendMessageInput } from "@/lib/validators/messages";
import { getChatPeer } from "./conversation";
import { messageSelect, toChatMessage } from "./serialize";

/**
 * Stores a message from `senderId` and publishes it (after commit) to both participants' streams.
 * With a `clientId`, a retry of the same send returns the message stored the first time
 * (unique (senderId, clientId)) instead of writing a duplicate.
 *
 * Throttles (README, "Security"), after the retry check so a retry is never refused:
 * MESSAGE_LIMIT_PER_MINUTE per sender, and MESSAGE_NEW_RECIPIENTS_PER_HOUR people the sender has
 * never exchanged a message with.
 */
export async function sendMessage(senderId: number, input: SendMessageInput): Promise<ChatMessage> {
  if (input.receiverId === senderId) throw badRequest("You cannot send a message to yourself", { receiverId: "You cannot send a message to yourself" });

  if (input.clientId) {
    const earlier = await findByClientId(senderId, input.clientId);
    if (earlier) return sameSendOrConflict(earlier, input);
  }

  // The same rule as opening the chat: anyone may write to a farm, others only when linked.
  await getChatPeer(senderId, input.receiverId);

  await consume(`message-sender:${senderId}`, { max: env().MESSAGE_LIMIT_PER_MINUTE, windowMs: 60_000 }, {
    message: "You're sending messages too quickly. Please wait a moment and try again.",
    log: `messages from user=${senderId}`,
  });

  const data = { senderId, receiverId: input.receiverId, content: input.content, clientId: input.clientId ?? null };
  let created;
  try {
    created = (await haveTalked(db, senderId, input.receiverId))
      ? await db.message.create({ data, select: messageSelect })
      : await db.$transaction(async (tx) => {
          // One sender's first messages to new people, one at a time: parallel sends to the same
          // new person count once, and a refused one cannot slip through beside another.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${NEW_RECIPIENT_LOCK}, ${senderId})`;
          if (!(await haveTalked(tx, senderId, input.receiverId))) {
            await consume(`message-new-recipient:${senderId}`, { max: env().MESSAGE_NEW_RECIPIENTS_PER_HOUR, windowMs: 60 * 60_000 }, {
              message: "You've started too many new conversations. Please try again later.",
              log: `new conversations from user=${senderId}`,
            }, tx);
          }
          return tx.message.create({ data, select: messageSelect });
        }, TX_OPTIONS);
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

/**
 * A message the platform writes on someone's behalf inside the caller's transaction (a standing
 * order that could not be placed is told from the farm's side of the chat), so it exists exactly
 * when the rest of that transaction does. No throttles: nobody typed it. `clientId` keeps it
 * unique; publish the answer with `publishMessage` after the commit.
 */
export async function storeNotice(tx: Pick<typeof db, "message">, senderId: number, receiverId: number, content: string, clientId: string): Promise<ChatMessage> {
  return toChatMessage(await tx.message.create({ data: { senderId, receiverId, content, clientId }, select: messageSelect }));
}

/** Advisory-lock namespace for a sender's messages to new people (any constant unique to this use). */
const NEW_RECIPIENT_LOCK = 4_815_001;
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

type Reader = Pick<typeof db, "message">;
/** Whether the two have exchanged any message, in either direction (both directions are indexed). */
async function haveTalked(client: Reader, a: number, b: number): Promise<boolean> {
  const m = await client.message.findFirst({ where: { OR: [{ senderId: a, receiverId: b }, { senderId: b, receiverId: a }] }, select: { id: true } });
  return m !== null;
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
