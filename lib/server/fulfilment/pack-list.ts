import "server-only";
import { db } from "@/lib/server/platform/db";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { centsToDollars } from "@/lib/money";
import type { PackListJson } from "@/lib/contracts/fulfilment";
import { toCsv, type CsvCell } from "@/lib/server/platform/csv";
import { localDateOf } from "@/lib/server/tz-zone";
import * as clock from "@/lib/server/platform/clock";
import { toLocalIso } from "./time";
import { packedLines } from "./pack-ticks";
import { nextPackDateOf } from "./pack-dates";

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
  const day = date ?? (await nextPackDateOf(farm.id, localDateOf(now, farm.timeZone)));
  return packListOf(farm.id, day, now, farm.timeZone);
}

/**
 * The pack list of a farm already checked to be the caller's; `timeZone` when the caller has read
 * the farm already (My Farm → Today, lib/server/farm-day/today.ts), saving a round trip.
 */
export async function packListOf(
  farmId: number,
  date: string,
  now: Date,
  timeZone?: string,
): Promise<PackListJson> {
  const [farm, rows] = await Promise.all([
    timeZone
      ? { timeZone }
      : db.farm.findUniqueOrThrow({ where: { id: farmId }, select: { timeZone: true } }),
    db.orderFulfilment.findMany({
      where: { farmId, localDate: date, order: { status: { in: ["active", "completed"] } } },
      orderBy: [{ startsAt: "asc" }, { orderId: "asc" }],
      include: {
        order: {
          select: {
            id: true,
            status: true,
            completedAt: true,
            totalCents: true,
            user: { select: { id: true, fullName: true } },
            items: {
              orderBy: { id: "asc" },
              select: {
                productId: true,
                productName: true,
                quantity: true,
                product: { select: { unit: true } },
              },
            },
          },
        },
      },
    }),
  ]);

  const today = localDateOf(now, farm.timeZone);
  const [packed, counts] = await Promise.all([
    packedLines(
      farmId,
      rows.map((r) => r.orderId),
    ),
    db.orderFulfilment.groupBy({
      by: ["localDate"],
      where: {
        farmId,
        localDate: { gte: today, lte: shiftDate(today, PACK_DAYS - 1) },
        order: { status: { in: ["active", "completed"] } },
      },
      _count: { _all: true },
    }),
  ]);
  const perDay = new Map(counts.map((c) => [c.localDate, c._count._all]));
  const days = Array.from({ length: PACK_DAYS }, (_, i) => shiftDate(today, i));
  if (!days.includes(date)) days.push(date);
  days.sort();

  const totals = new Map<number, PackListJson["products"][number]>();
  for (const { order } of rows) {
    for (const i of order.items) {
      const t = totals.get(i.productId) ?? {
        productId: i.productId,
        productName: i.productName,
        unit: i.product.unit,
        quantity: 0,
      };
      t.quantity += i.quantity;
      totals.set(i.productId, t);
    }
  }

  return {
    date,
    today,
    timeZone: farm.timeZone,
    days: days.map((d) => ({
      date: d,
      orders: d === date ? rows.length : (perDay.get(d) ?? 0),
    })),
    products: [...totals.values()].sort(
      (a, b) => b.quantity - a.quantity || a.productName.localeCompare(b.productName),
    ),
    orders: rows.map((f) => ({
      id: f.order.id,
      status: f.order.status,
      completedAt: f.order.completedAt?.toISOString() ?? null,
      packed: packed.get(f.orderId) ?? [],
      buyer: f.order.user,
      kind: f.kind,
      start: toLocalIso(f.startsAt, f.timeZone),
      end: toLocalIso(f.endsAt, f.timeZone),
      place:
        f.kind === "pickup"
          ? [f.pickupName, f.pickupAddress].filter(Boolean).join(", ")
          : (f.deliveryAddress ?? ""),
      postalCode: f.kind === "delivery" ? (f.postalCode ?? null) : null,
      items: f.order.items.map((i) => ({
        productId: i.productId,
        productName: i.productName,
        unit: i.product.unit,
        quantity: i.quantity,
      })),
      totalAmount: centsToDollars(f.order.totalCents),
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
