import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { checkoutSchema, ordersQuerySchema } from "@/lib/validators/orders";
import { endpoint, jsonBody } from "./endpoint";

const order = z.object({ id: idParam("Order") });

/** A shopper's orders: checkout (paid from the wallet), the list, one order, cancel. */
export const ordersApi = {
  list: endpoint({ method: "GET", path: "/api/orders", tag: "Orders", summary: "Your orders, newest first, optionally by status", auth: "required", query: ordersQuerySchema }),
  checkout: endpoint({
    method: "POST",
    path: "/api/orders",
    tag: "Orders",
    summary: "Check out: one order per farm, paid from the wallet",
    description: "Prices, totals and distances come from the server. Concurrent checkouts never drive the balance below 0.",
    auth: "required",
    body: jsonBody(checkoutSchema),
    status: 201,
    idempotencyKey: true,
    errors: ["insufficient_funds", "out_of_stock", "not_found", "idempotency_key_reused"],
  }),
  get: endpoint({ method: "GET", path: "/api/orders/{id}", tag: "Orders", summary: "One of your orders with its items and history", auth: "required", params: order }),
  cancel: endpoint({
    method: "POST",
    path: "/api/orders/{id}/cancel",
    tag: "Orders",
    summary: "Cancel an active order and refund it to the wallet",
    auth: "required",
    params: order,
    errors: ["order_not_active"],
  }),
};
