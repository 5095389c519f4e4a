import "server-only";
import { db } from "@/lib/server/platform/db";
import { localUserIds } from "./hub";

/**
 * Who has a live stream open, as the database knows it (docs/notifications.md, "Unread digest"):
 * each instance writes `StreamPresence.seenAt = now` for a user when their stream opens, and for
 * every user with a stream on it once per PRESENCE_EVERY_MS. A user counts as present while the
 * newest of those writes is younger than PRESENT_FOR_MS, whichever instance holds the stream; so
 * the digest needs no call between instances, and a crashed instance's users stop counting
 * within a minute. One statement per instance per tick, however many streams it holds.
 */
export const PRESENCE_EVERY_MS = 20_000;
export const PRESENT_FOR_MS = 60_000;

export async function markPresent(userIds: number[], now = new Date()): Promise<void> {
  if (!userIds.length) return;
  await db.$executeRaw`
    INSERT INTO "StreamPresence" ("userId", "seenAt")
    SELECT u, ${now} FROM unnest(${userIds}::int[]) AS u
    ON CONFLICT ("userId") DO UPDATE SET "seenAt" = greatest("StreamPresence"."seenAt", EXCLUDED."seenAt")`;
}

const g = globalThis as unknown as { __ffPresenceTicker?: ReturnType<typeof setInterval> };

/** A stream of `userId` opened here: say so now, and keep saying so for this instance's streams. */
export function streamOpened(userId: number): void {
  markPresent([userId]).catch((e: Error) =>
    console.warn(`[realtime] presence not recorded: ${e.message}`),
  );
  if (g.__ffPresenceTicker) return;
  g.__ffPresenceTicker = setInterval(() => {
    markPresent(localUserIds()).catch((e: Error) =>
      console.warn(`[realtime] presence not recorded: ${e.message}`),
    );
  }, PRESENCE_EVERY_MS);
  g.__ffPresenceTicker.unref();
}
