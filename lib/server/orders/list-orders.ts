import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import type { OrderStatusValue } from "@/lib/validators/orders";
import { afterTimeCursor, toPage } from "@/lib/server/page";
import { encodeTimeCursor, type Page, type TimeCursor } from "@/lib/validators/page";
import { orderDetailInclude, orderInclude, serializeOrder, serializeOrderDetail, type OrderJson } from "./serialize";

/** GET /api/orders: one page of the user's orders, newest first; every status when none is given. */
export async function listOrders(userId: number, query: { status?: OrderStatusValue; limit: number; cursor?: TimeCursor }): Promise<Page<OrderJson>> {
  const rows = await db.order.findMany({
    where: { userId, ...(query.status ? { status: query.status } : {}), ...afterTimeCursor("createdAt", query.cursor, "desc") },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: orderInclude,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, (o) => encodeTimeCursor({ at: o.createdAt, id: o.id }), serializeOrder);
}

/** GET /api/orders/{id}: 404 for someone else's order, so ids reveal nothing. */
export async function getOrder(userId: number, orderId: number) {
  const order = await db.order.findFirst({ where: { id: orderId, userId }, include: orderDetailInclude });
  if (!order) throw notFound("Order not found");
  return serializeOrderDetail(order);
}
