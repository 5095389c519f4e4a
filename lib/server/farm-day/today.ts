import "server-only";
// Its own folder: Today reads across farm, fulfilment and payments, which all stand below it.
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { readRows, sqlInt } from "@/lib/server/platform/db";
import * as clock from "@/lib/server/platform/clock";
import { packListOf } from "@/lib/server/fulfilment/pack-list";
import { nextPayoutOf } from "@/lib/server/payments/farm-payouts";
import { centsToDollars } from "@/lib/money";
import type { FarmTodayJson } from "@/lib/contracts/farm";
import { requireOwnFarmAndAccount } from "@/lib/server/farm/access";

/** A product is low on stock at this many free units or fewer (docs/product.md, "My Farm → Today"). */
export const LOW_STOCK = 5;
/** At most this many rows in each of Today's lists; the counts are whole. */
const SHOWN = 20;

type WaitingRow = {
  id: number;
  orderId: number;
  deltaCents: number;
  createdAt: Date;
  buyerId: number;
  fullName: string;
};

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
 * one round of independent `readRows` statements, the day's pack list among them: no query per row.
 */
export async function farmToday(user: SessionUser, now?: Date): Promise<FarmTodayJson> {
  now ??= await clock.now();
  const farm = await requireOwnFarmAndAccount(user);
  const [list, unread, waiting, low, payout] = await Promise.all([
    packListOf(farm.id, null, now, farm.timeZone),
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
      LIMIT ${sqlInt(SHOWN)}`),
    readRows<WaitingRow>(Prisma.sql`
      SELECT a.id, a."orderId", a."deltaCents", a."createdAt", u.id AS "buyerId", u."fullName"
      FROM "OrderAdjustment" a
      JOIN "Order" o ON o.id = a."orderId"
      JOIN "User" u ON u.id = o."userId"
      WHERE a."farmId" = ${farm.id} AND a.status = 'pending'::"AdjustmentStatus"
      ORDER BY a.id
      LIMIT ${sqlInt(SHOWN)}`),
    readRows<{ id: number; name: string; unit: string; stock: number; reserved: number }>(
      Prisma.sql`
        SELECT p.id, p.name, p.unit, p.stock, p.reserved FROM "Product" p
        WHERE p."farmId" = ${farm.id} AND NOT p."isHidden" AND p.stock - p.reserved <= ${LOW_STOCK}
        ORDER BY p.stock - p.reserved, p.name, p.id
        LIMIT ${sqlInt(SHOWN)}`,
    ),
    nextPayoutOf(farm.id, farm.timeZone, farm.account.balanceCents, now),
  ]);
  const date = list.date;
  const active = list.orders.filter((o) => o.status === "active");
  return {
    today: list.today,
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
      buyer: { id: a.buyerId, fullName: a.fullName },
      delta: centsToDollars(a.deltaCents),
      createdAt: a.createdAt.toISOString(),
    })),
    lowStock: low.map((p) => ({ ...p, available: Math.max(0, p.stock - p.reserved) })),
    payout,
  };
}
