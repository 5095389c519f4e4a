import "server-only";
// Its own folder: Today reads across farm, fulfilment and payments, which all stand below it.
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { db, readRows } from "@/lib/server/platform/db";
import * as clock from "@/lib/server/platform/clock";
import { localDateOf } from "@/lib/server/tz-zone";
import { nextPackDateOf } from "@/lib/server/fulfilment/pack-dates";
import { packListOf } from "@/lib/server/fulfilment/pack-list";
import { nextPayoutOf } from "@/lib/server/payments/farm-payouts";
import { centsToDollars } from "@/lib/money";
import type { FarmTodayJson } from "@/lib/contracts/farm";
import { requireOwnFarm } from "@/lib/server/farm/access";

/** A product is low on stock at this many free units or fewer (docs/product.md, "My Farm → Today"). */
export const LOW_STOCK = 5;
/** At most this many rows in each of Today's lists; the counts are whole. */
const SHOWN = 20;

type UnreadRow = {
  userId: number;
  fullName: string;
  unread: number;
  content: string;
  timestamp: Date;
  total: number;
};

/**
 * My Farm → Today (docs/product.md): the handover day (today when something is due, else the next
 * one) from the pack list's owner, with its harvest totals; unread messages, adjustment cards the
 * buyer has not answered, products low on free stock and the next payout. The farm row first, then
 * one round of independent reads, then the day's pack list: no query per row.
 */
export async function farmToday(user: SessionUser, now?: Date): Promise<FarmTodayJson> {
  now ??= await clock.now();
  const own = await requireOwnFarm(user);
  const farm = await db.farm.findUniqueOrThrow({
    where: { id: own.id },
    select: { timeZone: true, account: { select: { balanceCents: true } } },
  });
  const today = localDateOf(now, farm.timeZone);
  const [date, unread, waiting, low, payout] = await Promise.all([
    nextPackDateOf(own.id, today),
    readRows<UnreadRow>(Prisma.sql`
      WITH senders AS (
        SELECT m."senderId", count(*)::int AS unread, max(m.id) AS "latestId"
        FROM "Message" m WHERE m."receiverId" = ${user.id} AND NOT m."isRead"
        GROUP BY m."senderId"
      )
      SELECT s."senderId" AS "userId", u."fullName", s.unread, l.content, l.timestamp,
        (sum(s.unread) OVER ())::int AS total
      FROM senders s
      JOIN "User" u ON u.id = s."senderId"
      JOIN "Message" l ON l.id = s."latestId"
      ORDER BY s."latestId" DESC
      LIMIT ${SHOWN}`),
    db.orderAdjustment.findMany({
      where: { farmId: own.id, status: "pending" },
      orderBy: { id: "asc" },
      take: SHOWN,
      select: {
        id: true,
        orderId: true,
        deltaCents: true,
        createdAt: true,
        order: { select: { user: { select: { id: true, fullName: true } } } },
      },
    }),
    readRows<{ id: number; name: string; unit: string; stock: number; reserved: number }>(
      Prisma.sql`
        SELECT p.id, p.name, p.unit, p.stock, p.reserved FROM "Product" p
        WHERE p."farmId" = ${own.id} AND NOT p."isHidden" AND p.stock - p.reserved <= ${LOW_STOCK}
        ORDER BY p.stock - p.reserved, p.name, p.id
        LIMIT ${SHOWN}`,
    ),
    nextPayoutOf(own.id, farm.timeZone, farm.account?.balanceCents ?? 0, now),
  ]);
  const list = await packListOf(own.id, date, now, farm.timeZone);
  const active = list.orders.filter((o) => o.status === "active");
  return {
    today,
    timeZone: farm.timeZone,
    handovers: {
      date,
      orders: list.orders.length,
      toHandOver: active.length,
      packed: active.filter((o) => o.packed.length === o.items.length).length,
      handedOver: list.orders.length - active.length,
      next: active.slice(0, SHOWN).map((o) => ({
        id: o.id,
        buyer: o.buyer,
        kind: o.kind,
        start: o.start,
        end: o.end,
        place: o.place,
      })),
    },
    harvest: list.products,
    messages: {
      unread: unread[0]?.total ?? 0,
      conversations: unread.map((r) => ({
        userId: r.userId,
        fullName: r.fullName,
        unread: r.unread,
        latest: r.content,
        at: r.timestamp.toISOString(),
      })),
    },
    waiting: waiting.map((a) => ({
      id: a.id,
      orderId: a.orderId,
      buyer: a.order.user,
      delta: centsToDollars(a.deltaCents),
      createdAt: a.createdAt.toISOString(),
    })),
    lowStock: low.map((p) => ({ ...p, available: Math.max(0, p.stock - p.reserved) })),
    payout,
  };
}
