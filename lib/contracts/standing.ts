import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { standingOrderSchema, standingOrderUpdateSchema } from "@/lib/validators/standing";
import { endpoint, jsonBody } from "./endpoint";
import { id, isoDate, money, productQuantity } from "./json";
import { product } from "./catalog";

export const occurrence = z.object({
  localDate: z.string().describe("YYYY-MM-DD in the farm's time zone"),
  status: z.enum(["placed", "failed", "skipped"]),
  orderId: id.nullable(),
  reason: z.string().nullable(),
  createdAt: isoDate,
});

export const standingOrder = z.object({
  id,
  farmId: id,
  farmName: z.string(),
  items: z.array(
    productQuantity.extend({
      caseSize: z.number().int().describe("units per case: the quantity is whole cases of it"),
      quantity: z.number().int().describe("units (a multiple of caseSize)"),
      price: money.describe("the unit price agreed when the line was set up"),
      currentPrice: money.describe(
        "the farm's price now: an occurrence is charged the lower of the two, and a rise above the agreed price waits for the buyer's acceptance",
      ),
    }),
  ),
  weekday: z.number().int().min(0).max(6),
  kind: z.enum(["pickup", "delivery"]),
  pickupPointId: id.nullable(),
  addressId: id.nullable(),
  place: z.string().describe("the pickup point's name, or the delivery address's label"),
  everyWeeks: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(["active", "paused", "cancelled"]),
  nextDate: z
    .string()
    .nullable()
    .describe(
      "YYYY-MM-DD of the next occurrence that will be placed (null when paused or cancelled)",
    ),
  skipNextDate: z.string().nullable(),
  placesAt: isoDate
    .nullable()
    .describe("when the worker places the next occurrence (its cutoff minus the lead time)"),
  createdAt: isoDate,
  recent: z.array(occurrence).describe("the last occurrences, newest first"),
});
export type StandingOrderJson = z.infer<typeof standingOrder>;

const params = z.object({ id: idParam("Standing order") });
const restaurantsOnly = "Restaurants only: other accounts get 403.";

/** Restaurant buyers: standing orders (docs/restaurants.md, "Standing orders"). */
export const standingApi = {
  list: endpoint({
    method: "GET",
    path: "/api/standing-orders",
    tag: "Business",
    summary: "Your standing orders, newest first",
    description: restaurantsOnly,
    auth: "required",
    response: z.array(standingOrder),
    errors: ["forbidden"],
  }),
  create: endpoint({
    method: "POST",
    path: "/api/standing-orders",
    tag: "Business",
    summary: "Repeat an order every week (or every second week) at one of the farm's windows",
    description: `${restaurantsOnly} The farm needs a live window of that kind on that weekday (and at that pickup point); 400 when it has none.`,
    auth: "required",
    body: jsonBody(standingOrderSchema),
    status: 201,
    response: standingOrder,
    errors: ["forbidden", "not_found", "conflict"],
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/standing-orders/{id}",
    tag: "Business",
    summary:
      "Pause, resume, skip (or undo the skip of) the next occurrence of a standing order, or change its items",
    description: `${restaurantsOnly} Send \`{action: "pause"|"resume"|"skipNext"|"unskip"}\` or \`{items}\` (lines edited, added or removed; a line kept keeps its agreed price, a new one takes the restaurant price now). Each change moves the stock hold at once.`,
    auth: "required",
    params,
    body: jsonBody(standingOrderUpdateSchema),
    response: standingOrder,
    errors: ["forbidden", "conflict"],
  }),
  products: endpoint({
    method: "GET",
    path: "/api/standing-orders/{id}/products",
    tag: "Business",
    summary: "The farm's products a standing order can gain, at the restaurant price and case size",
    description: restaurantsOnly,
    auth: "required",
    params,
    response: z.array(product),
    errors: ["forbidden", "not_found"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/standing-orders/{id}",
    tag: "Business",
    summary: "Cancel a standing order (orders already placed stay)",
    description: restaurantsOnly,
    auth: "required",
    params,
    response: standingOrder,
    errors: ["forbidden"],
  }),
};
