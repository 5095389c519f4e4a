import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { proposeAdjustmentSchema } from "@/lib/validators/adjustments";
import { endpoint, idParams, jsonBody } from "./endpoint";
import { farmRef, id, isoDate, money } from "./json";

export const adjustmentStatus = z.enum(["pending", "applied", "accepted", "declined", "stale"]);
export type AdjustmentStatusValue = z.infer<typeof adjustmentStatus>;

const lineState = z.object({
  productId: id,
  name: z.string(),
  quantity: z.number().int(),
  price: money,
});

/** One order line before and after the change (quantity 0 after: the line is removed). */
export const adjustmentLine = z.object({ itemId: id, before: lineState, after: lineState });
export type AdjustmentLineJson = z.infer<typeof adjustmentLine>;

/** The card shown in the conversation and on the order (docs/adjustments.md). */
export const adjustment = z.object({
  id,
  orderId: id,
  farm: farmRef,
  buyerId: id,
  status: adjustmentStatus,
  lines: z.array(adjustmentLine),
  delta: money.describe(
    "signed goods difference: positive, the buyer pays more; negative, the buyer gets it back",
  ),
  note: z.string(),
  messageId: id.nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});
export type AdjustmentJson = z.infer<typeof adjustment>;

const farmOrder = idParams("Order");
const buyerAdjustment = z.object({ id: idParam("Order"), aid: idParam("Adjustment") });

/** Settling differences in the conversation: the farm proposes, the buyer accepts or declines. */
export const adjustmentsApi = {
  propose: endpoint({
    method: "POST",
    path: "/api/my-farm/orders/{id}/adjustments",
    tag: "Adjustments",
    summary:
      "Propose a change to an active order of your farm: short-pick, substitution, actual weight",
    description:
      "Lower quantities only: applied at once (stock returned, the difference refunded as an `adjustment` ledger row). Any increase or substitution waits for the buyer. Either way a card message goes to the buyer's conversation, live.",
    auth: "required",
    params: farmOrder,
    body: jsonBody(proposeAdjustmentSchema),
    status: 201,
    response: adjustment,
    idempotencyKey: true,
    moneyAction: true,
    errors: ["forbidden", "order_not_active", "idempotency_key_reused"],
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/orders/{id}/adjustments/{aid}/accept",
    tag: "Adjustments",
    summary: "Accept a farm's proposed change: lines, stock and wallet move in one transaction",
    description:
      "Accepting again answers the card as it is and moves nothing. A card whose order changed since it was proposed is 409 adjustment_stale.",
    auth: "required",
    params: buyerAdjustment,
    response: adjustment,
    idempotencyKey: true,
    moneyAction: true,
    errors: [
      "adjustment_stale",
      "conflict",
      "insufficient_funds",
      "wallet_frozen",
      "out_of_stock",
      "order_not_active",
      "idempotency_key_reused",
    ],
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/orders/{id}/adjustments/{aid}/decline",
    tag: "Adjustments",
    summary: "Decline a farm's proposed change: the order stays as it is",
    auth: "required",
    idempotencyKey: true,
    moneyAction: true,
    params: buyerAdjustment,
    response: adjustment,
    errors: ["adjustment_stale", "conflict", "idempotency_key_reused"],
  }),
};
