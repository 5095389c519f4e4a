import "server-only";
import { db, readRows, sqlInt } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import type { OrderStatusValue } from "@/lib/validators/orders";
import { Prisma, type OrderFulfilment } from "@/lib/generated/prisma/client";
import { toTimePage } from "@/lib/server/platform/pagination";
import type { Page, TimeCursor } from "@/lib/validators/page";
import {
  orderDetailInclude,
  serializeOrder,
  serializeOrderDetail,
  type OrderRow,
} from "./serialize";
import { type OrderJson } from "@/lib/contracts/orders";
import type { HandoverField } from "@/lib/server/fulfilment/serialize";

type OrderSqlRow = Omit<OrderRow, "farm" | "user" | "items" | "fulfilment"> & {
  farmName: string;
  farmUserId: number;
  userType: string;
  items: [
    id: number,
    productId: number,
    productName: string,
    quantity: number,
    priceCents: number,
    unit: string,
    caseSize: number,
  ][];
  fKind: OrderFulfilment["kind"] | null;
  windowId: number | null;
  slotDate: string | null;
} & {
  [K in HandoverField]: OrderFulfilment[K] | null;
};

/**
 * GET /api/orders (and the Orders page): one page of the user's orders, newest first; every
 * status when none is given. One hand-written statement, the farm, the lines and the fulfilment
 * joined, mapped to the same rows as `orderInclude`: Prisma's relation read was a third of the
 * route's own CPU (docs/architecture.md, "Where the time goes"). The (userId, createdAt, id) and
 * (userId, status, createdAt) indexes give the page without reading the rest of the history.
 */
export async function listOrders(
  userId: number,
  query: { status?: OrderStatusValue; limit: number; cursor?: TimeCursor },
): Promise<Page<OrderJson>> {
  const { status, cursor } = query;
  const rows = await readRows<OrderSqlRow>(Prisma.sql`
    SELECT o.id, o."farmId", o.status::text AS status, o."totalCents", o."isPaid", o.payment::text AS payment, o."statementId", o."itemCount", o."distanceKm",
      o."checkoutRef", o."taxes", o."createdAt", o."completedAt", o."cancelledAt", f."farmName", f."userId" AS "farmUserId", u."userType"::text AS "userType",
      (SELECT json_agg(json_build_array(i.id, i."productId", i."productName", i.quantity, i."priceCents", p.unit, p."caseSize") ORDER BY i.id)
        FROM "OrderItem" i JOIN "Product" p ON p.id = i."productId" WHERE i."orderId" = o.id) AS items,
      ful.kind::text AS "fKind", ful."startsAt", ful."endsAt", ful."cutoffAt", ful."timeZone", ful."pickupName", ful."pickupAddress", ful."pickupNotes",
      ful."deliveryAddress", ful."postalCode", ful."feeCents", s."windowId", s."localDate" AS "slotDate"
    FROM "Order" o
    JOIN "Farm" f ON f.id = o."farmId"
    JOIN "User" u ON u.id = o."userId"
    LEFT JOIN "OrderFulfilment" ful ON ful."orderId" = o.id
    LEFT JOIN "FulfilmentSlot" s ON s.id = ful."slotId"
    WHERE o."userId" = ${userId}
      ${status ? Prisma.sql`AND o.status = ${status}::"OrderStatus"` : Prisma.empty}
      ${cursor ? Prisma.sql`AND (o."createdAt" < ${cursor.at} OR (o."createdAt" = ${cursor.at} AND o.id < ${cursor.id}))` : Prisma.empty}
    ORDER BY o."createdAt" DESC, o.id DESC
    LIMIT ${sqlInt(query.limit + 1)}`);
  return toTimePage(rows.map(toOrderRow), query.limit, "createdAt", serializeOrder);
}

function toOrderRow(r: OrderSqlRow): OrderRow {
  const {
    farmName,
    farmUserId,
    userType,
    items,
    fKind,
    windowId,
    slotDate,
    startsAt,
    endsAt,
    cutoffAt,
    timeZone,
    pickupName,
    pickupAddress,
    pickupNotes,
    deliveryAddress,
    postalCode,
    feeCents,
    ...order
  } = r;
  return {
    ...order,
    farm: { id: order.farmId, farmName, userId: farmUserId },
    user: { userType },
    items: (items ?? []).map(
      ([id, productId, productName, quantity, priceCents, unit, caseSize]) => ({
        id,
        productId,
        productName,
        quantity,
        priceCents,
        product: { unit, caseSize },
      }),
    ),
    fulfilment:
      fKind === null
        ? null
        : {
            kind: fKind,
            startsAt: startsAt!,
            endsAt: endsAt!,
            cutoffAt: cutoffAt!,
            timeZone: timeZone!,
            pickupName,
            pickupAddress,
            pickupNotes,
            deliveryAddress,
            postalCode,
            feeCents: feeCents!,
            slot: { windowId: windowId!, localDate: slotDate! },
          },
  };
}

/** GET /api/orders/{id}: 404 for someone else's order, so ids reveal nothing. */
export async function getOrder(userId: number, orderId: number) {
  const order = await db.order.findFirst({
    where: { id: orderId, userId },
    include: orderDetailInclude,
  });
  if (!order) throw notFound("Order not found");
  return serializeOrderDetail(order);
}
