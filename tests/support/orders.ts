import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import { db } from "@/lib/server/platform/db";
import { call } from "./http";

/** The buyer (`cookie`) cancels order `id` through POST /api/orders/{id}/cancel. */
export function cancelOrder(cookie: string, id: number | string, key?: string) {
  return call(cancelRoute.POST, `/api/orders/${id}/cancel`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
    headers: key ? { "idempotency-key": key } : {},
  });
}

/** The buyer (`cookie`) replaces order `id`'s items through PATCH /api/orders/{id}. */
export function patchOrder(cookie: string, id: number | string, items: unknown, key?: string) {
  return call(orderRoute.PATCH, `/api/orders/${id}`, {
    method: "PATCH",
    body: { items },
    cookie,
    params: { id: String(id) },
    headers: key ? { "idempotency-key": key } : {},
  });
}

/** A product's stock now. */
export const stockOf = async (id: number) =>
  (await db.product.findUniqueOrThrow({ where: { id } })).stock;

/** An order's lines as [name, quantity, unit price in cents], by line id or by product id. */
export const linesOf = async (orderId: number, by: "id" | "productId" = "id") =>
  (await db.orderItem.findMany({ where: { orderId }, orderBy: { [by]: "asc" } })).map((i) => [
    i.productName,
    i.quantity,
    i.priceCents,
  ]);

/** The buyer's wallet rows for changes to their orders, oldest first. */
export const adjustmentRows = (userId: number) =>
  db.transaction.findMany({ where: { userId, type: "adjustment" }, orderBy: { id: "asc" } });
