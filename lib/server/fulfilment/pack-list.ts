import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/server/platform/db";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { centsToDollars } from "@/lib/money";
import type { PackListJson } from "@/lib/contracts/fulfilment";
import { toCsv, type CsvCell } from "@/lib/server/platform/csv";
import { localDateOf } from "@/lib/server/tz-zone";
import * as clock from "@/lib/server/platform/clock";
import { toLocalIso } from "./time";

/** How many days from today the pack list's day picker offers. */
export const PACK_DAYS = 14;

const shiftDate = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * My Farm → Pack list for one local date (docs/fulfilment.md): first what to harvest (the total of
 * each product over the day's orders), then every order to pack with its buyer, slot and place.
 * Cancelled orders are left out; completed ones stay (the list is also the day's record). The
 * buyer appears by name only; the delivery address is there because the farm delivers to it.
 * Without `date`, the next day with orders to hand over (else today).
 */
export async function packList(
  user: SessionUser,
  date?: string,
  now?: Date,
): Promise<PackListJson> {
  now ??= await clock.now();
  const farm = await requireOwnFarm(user);
  return packListOf(farm.id, date ?? null, now, farm.timeZone);
}

type PackRow = {
  date: string;
  orders: {
    orderId: number;
    status: "active" | "completed";
    completedAt: string | null;
    totalCents: number;
    buyerId: number;
    fullName: string;
    kind: "pickup" | "delivery";
    startsAt: string;
    endsAt: string;
    timeZone: string;
    pickupName: string | null;
    pickupAddress: string | null;
    deliveryAddress: string | null;
    postalCode: string | null;
    items: { productId: number; productName: string; quantity: number; unit: string }[];
    packed: number[];
    share: { plan: string; swaps: { out: string; in: string }[] } | null;
  }[];
  counts: { date: string; orders: number }[];
};

/** A `timestamp` column read inside JSON (UTC, without its zone) as an instant. */
const jsonInstant = (value: string) => new Date(`${value}Z`);

/**
 * The pack list of a farm already checked to be the caller's, in one statement: the day (`date`,
 * or with `null` the next day from today with an active order to hand over, else today), its
 * orders with lines and tick-offs, and the order count of each day the picker offers. My Farm →
 * Today reads it too (lib/server/farm-day/today.ts).
 */
export async function packListOf(
  farmId: number,
  date: string | null,
  now: Date,
  timeZone: string,
): Promise<PackListJson> {
  const today = localDateOf(now, timeZone);
  const last = shiftDate(today, PACK_DAYS - 1);
  const [row] = await readRows<PackRow>(Prisma.sql`
    WITH day AS (
      SELECT coalesce(${date}::text, (
        SELECT min(f."localDate") FROM "OrderFulfilment" f JOIN "Order" o ON o.id = f."orderId"
        WHERE f."farmId" = ${farmId} AND f."localDate" >= ${today} AND o.status = 'active'::"OrderStatus"
      ), ${today}::text) AS date
    )
    SELECT day.date,
      (SELECT coalesce(json_agg(r ORDER BY r."startsAt", r."orderId"), '[]'::json) FROM (
        SELECT f."orderId", o.status::text AS status, o."completedAt", o."totalCents",
          u.id AS "buyerId", u."fullName", f.kind::text AS kind, f."startsAt", f."endsAt", f."timeZone",
          f."pickupName", f."pickupAddress", f."deliveryAddress", f."postalCode",
          (SELECT coalesce(json_agg(json_build_object('productId', i."productId", 'productName', i."productName",
              'quantity', i.quantity, 'unit', p.unit) ORDER BY i.id), '[]'::json)
            FROM "OrderItem" i JOIN "Product" p ON p.id = i."productId" WHERE i."orderId" = o.id) AS items,
          (SELECT coalesce(json_agg(t."productId" ORDER BY t."productId"), '[]'::json)
            FROM "PackTick" t WHERE t."orderId" = o.id AND t."farmId" = ${farmId}) AS packed,
          -- A share box: its plan and the swaps the worker packed into it (docs/shares.md).
          (SELECT json_build_object('plan', sp.name, 'swaps', (
              SELECT coalesce(json_agg(json_build_object('out', po.name, 'in', pi.name) ORDER BY s.n), '[]'::json)
              FROM jsonb_array_elements(c.swaps::jsonb) WITH ORDINALITY s(v, n)
              JOIN "Product" po ON po.id = (s.v->>'out')::int
              JOIN "Product" pi ON pi.id = (s.v->>'in')::int))
            FROM "ShareBoxChoice" c JOIN "ShareMembership" m ON m.id = c."membershipId"
            JOIN "SharePlan" sp ON sp.id = m."planId"
            WHERE c."orderId" = o.id) AS share
        FROM "OrderFulfilment" f
        JOIN "Order" o ON o.id = f."orderId"
        JOIN "User" u ON u.id = o."userId"
        WHERE f."farmId" = ${farmId} AND f."localDate" = day.date
          AND o.status IN ('active'::"OrderStatus", 'completed'::"OrderStatus")
      ) r) AS orders,
      (SELECT coalesce(json_agg(json_build_object('date', c."localDate", 'orders', c.n)), '[]'::json) FROM (
        SELECT f."localDate", count(*)::int AS n
        FROM "OrderFulfilment" f JOIN "Order" o ON o.id = f."orderId"
        WHERE f."farmId" = ${farmId} AND f."localDate" >= ${today} AND f."localDate" <= ${last}
          AND o.status IN ('active'::"OrderStatus", 'completed'::"OrderStatus")
        GROUP BY f."localDate"
      ) c) AS counts
    FROM day`);
  const day = row.date;
  const perDay = new Map(row.counts.map((c) => [c.date, c.orders]));
  const days = Array.from({ length: PACK_DAYS }, (_, i) => shiftDate(today, i));
  if (!days.includes(day)) days.push(day);
  days.sort();

  const totals = new Map<number, PackListJson["products"][number]>();
  for (const order of row.orders) {
    for (const i of order.items) {
      const t = totals.get(i.productId) ?? {
        productId: i.productId,
        productName: i.productName,
        unit: i.unit,
        quantity: 0,
      };
      t.quantity += i.quantity;
      totals.set(i.productId, t);
    }
  }

  return {
    date: day,
    today,
    timeZone,
    days: days.map((d) => ({
      date: d,
      orders: d === day ? row.orders.length : (perDay.get(d) ?? 0),
    })),
    products: [...totals.values()].sort(
      (a, b) => b.quantity - a.quantity || a.productName.localeCompare(b.productName),
    ),
    orders: row.orders.map((o) => ({
      id: o.orderId,
      status: o.status,
      completedAt: o.completedAt === null ? null : jsonInstant(o.completedAt).toISOString(),
      packed: o.packed,
      buyer: { id: o.buyerId, fullName: o.fullName },
      kind: o.kind,
      start: toLocalIso(jsonInstant(o.startsAt), o.timeZone),
      end: toLocalIso(jsonInstant(o.endsAt), o.timeZone),
      place:
        o.kind === "pickup"
          ? [o.pickupName, o.pickupAddress].filter(Boolean).join(", ")
          : (o.deliveryAddress ?? ""),
      postalCode: o.kind === "delivery" ? (o.postalCode ?? null) : null,
      items: o.items,
      totalAmount: centsToDollars(o.totalCents),
      share: o.share,
    })),
  };
}

/** The pack list as CSV: a header row, then one row per order line (lib/server/platform/csv.ts). */
export function packListCsv(list: PackListJson): string {
  const header = [
    "order",
    "buyer",
    "kind",
    "start",
    "end",
    "place",
    "postal_code",
    "product",
    "quantity",
    "unit",
    "status",
  ];
  const rows: CsvCell[][] = [];
  for (const o of list.orders) {
    for (const i of o.items) {
      rows.push([
        o.id,
        o.buyer.fullName,
        o.kind,
        o.start,
        o.end,
        o.place,
        o.postalCode ?? "",
        i.productName,
        i.quantity,
        i.unit,
        o.status,
      ]);
    }
  }
  return toCsv(header, rows);
}
