import "server-only";
import { db } from "@/lib/server/db";
import { notFound } from "@/lib/server/errors";
import type { OrderStatusValue } from "@/lib/validators/orders";
import { orderDetailInclude, orderInclude, serializeOrder, serializeOrderDetail } from "./serialize";

/** GET /api/orders: the user's orders, newest first; every status when none is given. */
export async function listOrders(userId: number, status?: OrderStatusValue) {
  const rows = await db.order.findMany({
    where: { userId, ...(status ? { status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: orderInclude,
    take: 500,
  });
  return rows.map(serializeOrder);
}

/** GET /api/orders/{id}: 404 for someone else's order, so ids reveal nothing. */
export async function getOrder(userId: number, orderId: number) {
  const order = await db.order.findFirst({ where: { id: orderId, userId }, include: orderDetailInclude });
  if (!order) throw notFound("Order not found");
  return serializeOrderDetail(order);
}
