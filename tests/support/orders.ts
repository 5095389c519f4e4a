import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import { call } from "./http";

/** The buyer (`cookie`) cancels order `id` through POST /api/orders/{id}/cancel. */
export function cancelOrder(cookie: string, id: number | string) {
  return call(cancelRoute.POST, `/api/orders/${id}/cancel`, {
    method: "POST",
    cookie,
    params: { id: String(id) },
  });
}
