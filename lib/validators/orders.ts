import { z } from "zod";
import { checkoutFulfilmentSchema } from "./fulfilment";
import { pageLimit, timeCursorParam } from "./page";
import { paymentMethods } from "./account";

export const orderStatuses = ["active", "completed", "cancelled"] as const;
export type OrderStatusValue = (typeof orderStatuses)[number];

export const MAX_LINES = 50;
export const MAX_QUANTITY = 999;
/**
 * The most one checkout may cost, in cents ($1,000,000.00: a wallet holds no more, and a credit line
 * is capped far below). Checked in plain numbers before any total reaches the database, so no
 * 32-bit money column can overflow: 50 lines x 999 units x $10,000 would be $499,500,000.
 */
export const MAX_CHECKOUT_CENTS = 100_000_000;

/**
 * Hoarding cap: one buyer's open (active) orders may hold at most this share of a product's supply
 * (what is left in stock plus what that buyer already holds), but always at least
 * HOLDING_MIN_UNITS, so a small stock can still be bought whole. See docs/product.md.
 */
export const HOLDING_SHARE = 0.5;
export const HOLDING_MIN_UNITS = 10;
export const holdingCap = (supply: number) =>
  Math.max(HOLDING_MIN_UNITS, Math.floor(supply * HOLDING_SHARE));

const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`;

/** One line of a cart or an order: a product and a quantity. */
export const orderLine = z.object({
  productId: z
    .number({ error: "Unknown product" })
    .int("Unknown product")
    .positive("Unknown product"),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(MAX_QUANTITY, quantityMessage),
});

export const checkoutPaymentSchema = z
  .record(
    z.string().regex(/^[1-9]\d{0,9}$/, "Unknown farm"),
    z.enum(paymentMethods, { error: "Pay by wallet or account" }),
    { error: "payment must map farm ids to wallet or account" },
  )
  .refine((r) => Object.keys(r).length <= 50, "Too many farms")
  .optional();

/**
 * POST /api/orders. Only product ids and quantities are read: any price, name or total the client
 * sends is stripped here and the server's catalogue decides (docs/money.md).
 */
export const checkoutSchema = z.object({
  items: z
    .array(orderLine, { error: "Your cart is empty" })
    .min(1, "Your cart is empty")
    .max(MAX_LINES, `A checkout can hold at most ${MAX_LINES} different products`),
  /** Per farm id: the slot (and for delivery the address). Farms without windows need none (docs/fulfilment.md). */
  fulfilment: checkoutFulfilmentSchema,
  /** Per farm id: pay from the wallet (the default) or on account (docs/restaurants.md, "Pay on account"). */
  payment: checkoutPaymentSchema,
  /** Place it even where the buyer already has an order for that farm and slot (docs/fulfilment.md, "Repeat orders"). */
  confirmRepeat: z.boolean({ error: "confirmRepeat must be true or false" }).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** PATCH /api/orders/{id}: the order's new lines (an order with nothing left is cancelled instead). */
export const orderEditSchema = z.object({
  items: z
    .array(orderLine, { error: "List the order's products" })
    .min(1, "An order needs at least one product: cancel it instead")
    .max(MAX_LINES, `An order can hold at most ${MAX_LINES} different products`),
});
export type OrderEditInput = z.infer<typeof orderEditSchema>;

/** GET /api/orders?status=&limit=&cursor= — status omitted means every order; newest first (see ./page.ts). */
export const ordersQuerySchema = z.object({
  status: z
    .enum(orderStatuses, { error: "status must be active, completed or cancelled" })
    .optional(),
  limit: pageLimit,
  cursor: timeCursorParam,
});
