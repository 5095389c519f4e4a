import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseUrl, db, isPostgres } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { AppError, badRequest, notFound } from "@/lib/server/platform/errors";
import { isUniqueViolation } from "@/lib/server/platform/db";
import { inTransaction, SHORT_TX_LIMITS } from "@/lib/server/platform/transaction";
import { announceMessageSql, publishMessage } from "@/lib/server/realtime/bus";
import { haveTalked } from "./have-talked";
import {
  consume,
  hitSql,
  refuseOver,
  toHit,
  type Hit,
  type Limit,
} from "@/lib/server/platform/rate-limit";
import { isDbId } from "@/lib/validators/id";
import type { ChatMessage } from "@/lib/contracts/messages";
import type { SendMessageInput } from "@/lib/validators/messages";
import {
  messageColumnsSql,
  messageSelect,
  messagesFromSql,
  toChatMessage,
  type MessageSqlRow,
} from "./serialize";

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
  if (input.receiverId === senderId)
    throw badRequest("You cannot send a message to yourself", {
      receiverId: "You cannot send a message to yourself",
    });
  // An id out of range is the same 404 as one that does not exist.
  if (!isDbId(input.receiverId)) throw notFound("User not found");

  const data = {
    senderId,
    receiverId: input.receiverId,
    content: input.content,
    clientId: input.clientId ?? null,
  };
  const perMinute = { max: env().MESSAGE_LIMIT_PER_MINUTE, windowMs: 60_000 };
  const tooQuick = {
    message: "You're sending messages too quickly. Please wait a moment and try again.",
    log: `messages from user=${senderId}`,
  };
  return replayingRetries(senderId, input, async () => {
    // Between people who have talked, on PostgreSQL, the whole send is one statement.
    const known = isPostgres(databaseUrl()) ? await sendToKnownPeer(data, perMinute) : null;
    if (known?.message) return known.message;
    const facts = known?.facts ?? (await sendFacts(senderId, input.receiverId, data.clientId));
    if (facts.earlierId !== null) {
      const earlier = await findByClientId(senderId, input.clientId!);
      if (earlier) return sameSendOrConflict(earlier, input);
    }
    // That statement counted the send and stored nothing: it was one too many.
    if (known?.hit) refuseOver(known.hit, perMinute, tooQuick);
    // The same rule as opening the chat (getChatPeer): anyone may write to a farm, others only when
    // linked by an order or an earlier conversation, and the same 404 otherwise.
    if (!facts.receiverExists || (!facts.toFarm && !facts.talked && !facts.ordered))
      throw notFound("User not found");

    await consume(`message-sender:${senderId}`, perMinute, tooQuick);
    if (facts.talked) return storeAndAnnounce(data);
    const created = await inTransaction(async (tx) => {
      // One sender's first messages to new people, one at a time: parallel sends to the same
      // new person count once, and a refused one cannot slip through beside another.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${NEW_RECIPIENT_LOCK}, ${senderId})`;
      if (!(await haveTalked(tx, senderId, input.receiverId))) {
        await consume(
          `message-new-recipient:${senderId}`,
          { max: env().MESSAGE_NEW_RECIPIENTS_PER_HOUR, windowMs: 60 * 60_000 },
          {
            message: "You've started too many new conversations. Please try again later.",
            log: `new conversations from user=${senderId}`,
          },
          tx,
        );
      }
      return tx.message.create({ data, select: messageSelect });
    }, SHORT_TX_LIMITS);
    const message = toChatMessage(created);
    await publishMessage(message);
    return message;
  });
}

/** Two concurrent sends with the same clientId: the one that lost the unique index answers with the winner's row. */
async function replayingRetries(
  senderId: number,
  input: SendMessageInput,
  send: () => Promise<ChatMessage>,
): Promise<ChatMessage> {
  try {
    return await send();
  } catch (e) {
    if (input.clientId && isUniqueViolation(e)) {
      const earlier = await findByClientId(senderId, input.clientId);
      if (earlier) return sameSendOrConflict(earlier, input);
    }
    throw e;
  }
}

type SendFacts = {
  earlierId: number | null;
  receiverExists: boolean;
  toFarm: boolean;
  talked: boolean;
  ordered: boolean;
};

/**
 * Everything a send checks before it writes, in one statement (docs/architecture.md, "Where the
 * time goes"): an earlier send with this clientId, whether the receiver exists and is a farm,
 * whether the two have exchanged a message (either direction, each from its own index) and
 * whether an order links them (either one bought from the other's farm).
 */
async function sendFacts(
  senderId: number,
  receiverId: number,
  clientId: string | null,
): Promise<SendFacts> {
  const [f] = await db.$queryRaw<SendFacts[]>(factsSql(senderId, receiverId, clientId));
  return f;
}

function factsSql(senderId: number, receiverId: number, clientId: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT
      (SELECT m.id FROM "Message" m WHERE m."senderId" = ${senderId} AND m."clientId" = ${clientId}) AS "earlierId",
      u.id IS NOT NULL AS "receiverExists",
      (u."userType"::text = 'farmer' AND EXISTS (SELECT 1 FROM "Farm" f WHERE f."userId" = u.id)) IS TRUE AS "toFarm",
      (EXISTS (SELECT 1 FROM "Message" m WHERE m."senderId" = ${senderId} AND m."receiverId" = ${receiverId})
        OR EXISTS (SELECT 1 FROM "Message" m WHERE m."senderId" = ${receiverId} AND m."receiverId" = ${senderId})) AS talked,
      EXISTS (
        SELECT 1 FROM "Order" o JOIN "Farm" f ON f.id = o."farmId"
        WHERE (o."userId" = ${senderId} AND f."userId" = ${receiverId}) OR (o."userId" = ${receiverId} AND f."userId" = ${senderId})
      ) AS ordered
    FROM (SELECT 1) one LEFT JOIN "User" u ON u.id = ${receiverId}`;
}

type KnownPeerRow = SendFacts & { counted: number | null; retry: number | null } & (
    { [K in keyof MessageSqlRow]: null } | MessageSqlRow
  );

/**
 * The whole send in one statement (PostgreSQL), for the common case of people who have talked:
 * the facts `sendFacts` checks; when this is no retry and the two have talked, the per-minute
 * count (`hitSql`); when that is within the limit, the message, announced as `storeAndAnnounce`
 * does. A retry, someone new and one send too many store nothing and come back with the facts
 * (and the count) for `sendMessage` to go on as it would have.
 */
async function sendToKnownPeer(
  data: { senderId: number; receiverId: number; content: string; clientId: string | null },
  limit: Limit,
): Promise<{ message: ChatMessage | null; facts: SendFacts; hit: Hit | null }> {
  const [row] = await db.$queryRaw<KnownPeerRow[]>`
    WITH facts AS (${factsSql(data.senderId, data.receiverId, data.clientId)}),
    counted AS (${hitSql(`message-sender:${data.senderId}`, limit.windowMs, Prisma.sql`FROM facts WHERE facts."earlierId" IS NULL AND facts.talked`)}),
    m AS (
      INSERT INTO "Message" ("senderId", "receiverId", content, "clientId")
      SELECT ${data.senderId}, ${data.receiverId}, ${data.content}, ${data.clientId} FROM counted WHERE counted."count" <= ${limit.max}
      RETURNING *
    )
    SELECT facts.*, counted."count" AS counted, counted.retry, sent.*
    FROM facts
    LEFT JOIN counted ON true
    LEFT JOIN (SELECT ${messageColumnsSql}, ${announceMessageSql} AS announced FROM m) sent ON true`;
  const { earlierId, receiverExists, toFarm, talked, ordered, counted, retry, ...message } = row;
  const facts = { earlierId, receiverExists, toFarm, talked, ordered };
  const hit = counted === null ? null : toHit({ count: counted, retry: retry! });
  return {
    facts,
    hit,
    message: message.id === null ? null : messagesFromSql([message as MessageSqlRow])[0],
  };
}

/**
 * Stores a message to someone the sender has talked with. On PostgreSQL the same statement
 * announces it (the NOTIFY goes out when the statement commits), one round trip instead of two;
 * PGlite delivers in this process after the write.
 */
async function storeAndAnnounce(data: {
  senderId: number;
  receiverId: number;
  content: string;
  clientId: string | null;
}): Promise<ChatMessage> {
  if (!isPostgres(databaseUrl())) {
    const message = toChatMessage(await db.message.create({ data, select: messageSelect }));
    await publishMessage(message);
    return message;
  }
  const rows = await db.$queryRaw<MessageSqlRow[]>`
    WITH m AS (
      INSERT INTO "Message" ("senderId", "receiverId", content, "clientId")
      VALUES (${data.senderId}, ${data.receiverId}, ${data.content}, ${data.clientId})
      RETURNING *
    )
    SELECT ${messageColumnsSql}, ${announceMessageSql} AS announced FROM m`;
  const [message] = messagesFromSql(rows);
  return message;
}

/**
 * A message the platform writes on someone's behalf inside the caller's transaction (a standing
 * order that could not be placed is told from the farm's side of the chat), so it exists exactly
 * when the rest of that transaction does. No throttles: nobody typed it. `clientId` keeps it
 * unique; publish the answer with `publishMessage` after the commit.
 */
export async function storeNotice(
  tx: Pick<typeof db, "message">,
  senderId: number,
  receiverId: number,
  content: string,
  clientId: string,
): Promise<ChatMessage> {
  return toChatMessage(
    await tx.message.create({
      data: { senderId, receiverId, content, clientId },
      select: messageSelect,
    }),
  );
}

/** Advisory-lock namespace for a sender's messages to new people (any constant unique to this use). */
const NEW_RECIPIENT_LOCK = 4_815_001;

async function findByClientId(senderId: number, clientId: string) {
  const m = await db.message.findUnique({
    where: { senderId_clientId: { senderId, clientId } },
    select: messageSelect,
  });
  return m ? toChatMessage(m) : null;
}

function sameSendOrConflict(earlier: ChatMessage, input: SendMessageInput): ChatMessage {
  if (earlier.receiverId !== input.receiverId || earlier.content !== input.content) {
    throw new AppError(
      "idempotency_key_reused",
      "This clientId was already used for a different message",
      { fieldErrors: { clientId: "Already used for a different message" } },
    );
  }
  return earlier;
}
