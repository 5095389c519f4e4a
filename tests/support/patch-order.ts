import * as orderRoute from "@/app/api/orders/[id]/route";
import { call } from "./http";

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
