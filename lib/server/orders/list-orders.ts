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

/** "12" → 12; anything else is simply not an order of yours (404, like someone else's). */
export function parseOrderId(raw: unknown): number {
  const id = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound("Order not found");
  return id;
}

/** GET /api/orders/{id}: 404 for someone else's order, so ids reveal nothing. */
export async function getOrder(userId: number, orderId: number) {
  const order = await db.order.findFirst({ where: { id: orderId, userId }, include: orderDetailInclude });
  if (!order) throw notFound("Order not found");
  return serializeOrderDetail(order);
}
