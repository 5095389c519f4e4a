import { z } from "zod";
import { paymentMethods } from "@/lib/validators/account";
import { checkoutSchema, orderEditSchema, ordersQuerySchema } from "@/lib/validators/orders";
import { adjustment } from "./adjustments";
import { orderFulfilment } from "./fulfilment";
import { endpoint, idParams, jsonBody, PAGED } from "./endpoint";
import { farmRef, id, isoDate, money, orderStatus, taxLine } from "./json";
import { wallet } from "./wallet";

export const orderItem = z.object({
  id,
  productId: id,
  productName: z.string(),
  unit: z.string().describe('what one unit is, as the farm writes it ("250 g bag")'),
  caseSize: z
    .number()
    .int()
    .describe(
      "units per case this buyer buys by: the product's case size for a restaurant, else 1",
    ),
  quantity: z.number().int().describe("units"),
  price: money,
  subtotal: money,
});
export type OrderItemJson = z.infer<typeof orderItem>;

export const orderEvent = z.object({ status: orderStatus, note: z.string(), createdAt: isoDate });
export type OrderEventJson = z.infer<typeof orderEvent>;

export const order = z.object({
  id,
  farmId: id,
  farm: farmRef.extend({
    userId: id.describe("the farm's account: /messages/{userId} writes to it"),
  }),
  status: orderStatus,
  subtotal: money.describe("goods and fees, before tax"),
  taxes: z
    .array(taxLine)
    .describe("each line's tax rounded half-up to the cent, summed per tax; empty when none"),
  totalAmount: money.describe("subtotal + the taxes"),
  isPaid: z.boolean().describe("false for an order on account until its statement is paid"),
  payment: z
    .enum(paymentMethods)
    .describe("wallet: paid at checkout; account: on the farm's monthly statement"),
  statementId: id.nullable().describe("the statement (invoice) an order on account is on"),
  itemCount: z.number().int(),
  distance: z.number().describe("km, one decimal"),
  checkoutRef: z.string(),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  items: z.array(orderItem),
  fulfilment: orderFulfilment
    .nullable()
    .describe(
      "when and where the order is handed over; null for a farm that sells without windows",
    ),
  editableUntil: isoDate
    .nullable()
    .describe(
      "the cutoff of an active order with a slot: until then the buyer may change it, after it the order is locked; null for an order without a slot or no longer active",
    ),
});
export type OrderJson = z.infer<typeof order>;

export const orderDetail = order.extend({
  events: z.array(orderEvent),
  adjustments: z
    .array(adjustment)
    .describe("the farm's proposed and applied changes, oldest first"),
});
export type OrderDetailJson = z.infer<typeof orderDetail>;

export const checkoutResult = z.object({ orders: z.array(order), wallet });
export type CheckoutResult = z.infer<typeof checkoutResult>;

const orderParams = idParams("Order");

/** A shopper's orders: checkout (paid from the wallet), the list, one order, cancel. */
export const ordersApi = {
  list: endpoint({
    method: "GET",
    path: "/api/orders",
    tag: "Orders",
    summary: "Your orders, newest first, optionally by status",
    description: PAGED,
    auth: "required",
    query: ordersQuerySchema,
    response: z.array(order),
  }),
  checkout: endpoint({
    method: "POST",
    path: "/api/orders",
    tag: "Orders",
    summary: "Check out: one order per farm, paid from the wallet or on account",
    description:
      'Prices, totals and distances come from the server. Concurrent checkouts never drive the balance below 0. `payment: {"<farmId>": "account"}` puts that farm\'s order on the buyer\'s monthly statement there instead of the wallet (restaurants with a credit line at that farm; 409 `credit_limit` over the limit). An order for a farm and slot where the buyer already has an active order, or that one of their standing orders covers, is 409 `repeat_order` (the existing order named in `errors["fulfilment.<farmId>"]`) unless the body says `confirmRepeat: true`.',
    auth: "required",
    body: jsonBody(checkoutSchema),
    status: 201,
    response: checkoutResult,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "insufficient_funds",
      "wallet_frozen",
      "credit_limit",
      "forbidden",
      "out_of_stock",
      "order_limit",
      "slot_required",
      "slot_closed",
      "slot_full",
      "repeat_order",
      "below_minimum",
      "not_found",
      "idempotency_key_reused",
    ],
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/orders/{id}",
    tag: "Orders",
    summary:
      "Change an order before its cutoff: quantities, added or removed products of the same farm",
    description:
      "The items sent replace the order's lines. Totals, stock and the wallet move in one transaction: paying more or getting money back writes one signed `adjustment` ledger row.",
    auth: "required",
    params: orderParams,
    body: jsonBody(orderEditSchema),
    response: orderDetail,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "order_locked",
      "order_not_active",
      "insufficient_funds",
      "wallet_frozen",
      "credit_limit",
      "out_of_stock",
      "order_limit",
      "below_minimum",
      "idempotency_key_reused",
    ],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/orders/{id}",
    tag: "Orders",
    summary: "One of your orders with its items and history",
    auth: "required",
    params: orderParams,
    response: orderDetail,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/api/orders/{id}/cancel",
    tag: "Orders",
    summary: "Cancel an active order and refund it to the wallet",
    auth: "required",
    idempotencyKey: true,
    moneyAction: true,
    params: orderParams,
    response: orderDetail,
    errors: ["order_not_active", "wallet_limit", "idempotency_key_reused"],
  }),
};
