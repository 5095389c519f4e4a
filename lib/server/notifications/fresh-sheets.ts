import "server-only";
import { DateTime } from "luxon";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import { inTransaction } from "@/lib/server/platform/transaction";
import type { FreshSheetSwitchJson } from "@/lib/contracts/notifications";

/**
 * The weekly fresh-sheet email (docs/restaurants.md, "Fresh sheet"). At the day and hour a farm
 * chose (in its zone) each reader gets one email through the outbox. The readers are the farm's
 * restaurant customers (an order, a credit line or a standing order there) and its followers, less
 * those who switched this farm's sheet off (FreshSheetPreference) or every fresh sheet (the
 * `fresh_sheet` kind), and never the farm's own owner.
 */

/** The signed-in reader: notifications stand below auth, so only the fields read here. */
type Reader = { id: number; userType: string };

/** How long after its hour a missed send (no worker running) still goes out that week. */
export const SEND_WITHIN_MS = 24 * 60 * 60_000;

/** The readers of `farmId`'s sheet as one query (a column "userId"). */
export function readersSql(farmId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT r."userId" FROM (
      SELECT o."userId" FROM "Order" o JOIN "User" u ON u."id" = o."userId"
        WHERE o."farmId" = ${farmId} AND u."userType" = 'restaurant'
      UNION SELECT c."buyerId" FROM "CreditLine" c JOIN "User" u ON u."id" = c."buyerId"
        WHERE c."farmId" = ${farmId} AND u."userType" = 'restaurant'
      UNION SELECT s."userId" FROM "StandingOrder" s JOIN "User" u ON u."id" = s."userId"
        WHERE s."farmId" = ${farmId} AND s."status" <> 'cancelled' AND u."userType" = 'restaurant'
      UNION SELECT f."userId" FROM "FarmFollow" f WHERE f."farmId" = ${farmId}
    ) r
    WHERE r."userId" <> (SELECT "userId" FROM "Farm" WHERE "id" = ${farmId})
      AND NOT EXISTS (SELECT 1 FROM "FreshSheetPreference" p
        WHERE p."userId" = r."userId" AND p."farmId" = ${farmId} AND NOT p."email")
      AND NOT EXISTS (SELECT 1 FROM "NotificationPreference" p
        WHERE p."userId" = r."userId" AND p."kind" = 'fresh_sheet' AND NOT p."email")`;
}

export async function freshSheetReaders(farmId: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ userId: number }[]>`
    SELECT q."userId" FROM (${readersSql(farmId)}) q ORDER BY q."userId"`;
  return rows.map((r) => Number(r.userId));
}

/**
 * The local date (YYYY-MM-DD, farm's zone) of this week's send when it is due at `now`: its day
 * and hour have come and are less than SEND_WITHIN_MS ago. Null otherwise.
 */
export function dueSheetDate(
  farm: { timeZone: string; freshSheetWeekday: number | null; freshSheetHour: number },
  now: Date,
): string | null {
  if (farm.freshSheetWeekday === null) return null;
  const local = DateTime.fromJSDate(now, { zone: farm.timeZone });
  if (!local.isValid) return null;
  const back = ((((local.weekday % 7) - farm.freshSheetWeekday) % 7) + 7) % 7;
  let at = local
    .minus({ days: back })
    .set({ hour: farm.freshSheetHour, minute: 0, second: 0, millisecond: 0 });
  if (at > local) at = at.minus({ days: 7 });
  return local.toMillis() - at.toMillis() < SEND_WITHIN_MS ? at.toISODate() : null;
}

/**
 * A round of the notifications worker: for each farm whose sheet is due, queues one `fresh_sheet`
 * email per reader. A worker first claims the farm's week (`freshSheetQueuedFor` set to the send
 * date, only if it holds another: the row lock makes a second worker wait and then find it taken)
 * and queues in that same transaction, so the readers are read once a week, not every round. The
 * dedupe key names the farm, the send date and the reader, and the insert skips keys already
 * there: even a claim lost and taken again queues each reader's email once. Any number of workers
 * may run this at once (each app instance and `npm run worker`). Returns how many were queued.
 */
export async function queueFreshSheets(now = new Date()): Promise<number> {
  const farms = await db.farm.findMany({
    where: { freshSheetWeekday: { not: null } },
    select: {
      id: true,
      timeZone: true,
      freshSheetWeekday: true,
      freshSheetHour: true,
      freshSheetQueuedFor: true,
    },
  });
  let queued = 0;
  for (const farm of farms) {
    const localDate = dueSheetDate(farm, now);
    if (!localDate || farm.freshSheetQueuedFor === localDate) continue;
    queued += await inTransaction(async (tx) => {
      const claimed = await tx.$executeRaw`
        UPDATE "Farm" SET "freshSheetQueuedFor" = ${localDate}
        WHERE "id" = ${farm.id} AND "freshSheetQueuedFor" IS DISTINCT FROM ${localDate}`;
      if (!claimed) return 0;
      return tx.$executeRaw`
        INSERT INTO "Notification" ("userId", "kind", "payload", "dedupeKey", "nextAttemptAt", "createdAt")
        SELECT q."userId", 'fresh_sheet', jsonb_build_object('farmId', ${farm.id}::int, 'localDate', ${localDate}::text),
          'fresh_sheet:' || ${farm.id}::int || ':' || ${localDate}::text || ':' || q."userId", ${now}, ${now}
        FROM (${readersSql(farm.id)}) q
        ON CONFLICT ("dedupeKey") DO NOTHING`;
    });
  }
  return queued;
}

/**
 * Profile → Notification's "Fresh sheets": the farms the user follows or buys from (as
 * readersSql counts them, switched on or off), each with its switch.
 */
export async function listFreshSheetSwitches(user: Reader): Promise<FreshSheetSwitchJson[]> {
  const rows = await db.$queryRaw<
    { farmId: number; farmName: string; email: boolean | null; weekday: number | null }[]
  >`
    SELECT f."id" AS "farmId", f."farmName", p."email", f."freshSheetWeekday" AS "weekday"
    FROM "Farm" f
    LEFT JOIN "FreshSheetPreference" p ON p."farmId" = f."id" AND p."userId" = ${user.id}
    WHERE f."userId" <> ${user.id} AND f."id" IN (
      SELECT "farmId" FROM "FarmFollow" WHERE "userId" = ${user.id}
      UNION SELECT "farmId" FROM "Order" WHERE "userId" = ${user.id} AND ${user.userType === "restaurant"}
      UNION SELECT "farmId" FROM "CreditLine" WHERE "buyerId" = ${user.id} AND ${user.userType === "restaurant"}
      UNION SELECT "farmId" FROM "StandingOrder" WHERE "userId" = ${user.id} AND "status" <> 'cancelled' AND ${user.userType === "restaurant"})
    ORDER BY f."farmName", f."id"
    LIMIT 200`;
  return rows.map((r) => ({
    farmId: Number(r.farmId),
    farmName: r.farmName,
    email: r.email ?? true,
    sends: r.weekday !== null,
  }));
}

/** PUT /api/fresh-sheets/{farmId}: one farm's sheet on or off for the signed-in user. */
export async function setFreshSheetSwitch(
  user: Reader,
  farmId: number,
  email: boolean,
): Promise<FreshSheetSwitchJson> {
  const farm = await db.farm.findUnique({
    where: { id: farmId },
    select: { id: true, farmName: true, freshSheetWeekday: true },
  });
  if (!farm) throw notFound("Farm not found");
  await db.freshSheetPreference.upsert({
    where: { userId_farmId: { userId: user.id, farmId } },
    create: { userId: user.id, farmId, email },
    update: { email },
  });
  return { farmId, farmName: farm.farmName, email, sends: farm.freshSheetWeekday !== null };
}

/**
 * "Send me a test" (My Farm → Farm profile): this week's sheet to the farm's owner alone, now,
 * as a reader with shopper prices sees it; a fresh dedupe key each time (the caller throttles).
 */
export async function queueFreshSheetTest(
  farm: { id: number; userId: number },
  now = new Date(),
): Promise<void> {
  await db.notification.create({
    data: {
      userId: farm.userId,
      kind: "fresh_sheet",
      payload: { farmId: farm.id, test: true },
      dedupeKey: `fresh_sheet_test:${farm.id}:${now.getTime()}`,
      nextAttemptAt: now,
      createdAt: now,
    },
  });
}
