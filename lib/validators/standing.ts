import { z } from "zod";
import { isDbId } from "./id";
import { MAX_LINES, orderLine } from "./orders";

/**
 * Standing orders (docs/restaurants.md, "Standing orders"): a restaurant's order repeated at one
 * farm window every week or every second week. Shared by the forms and the handlers.
 */
export const MAX_STANDING_ORDERS = 50;

const dbId = (message: string) => z.number({ error: message }).int(message).refine(isDbId, message);

export const standingItemsSchema = z
  .array(orderLine, { error: "Add at least one product" })
  .min(1, "Add at least one product")
  .max(MAX_LINES, `A standing order can hold at most ${MAX_LINES} different products`);

export const standingOrderSchema = z.object({
  farmId: dbId("Unknown farm"),
  items: standingItemsSchema,
  weekday: z
    .number({ error: "Choose a day of the week" })
    .int("Choose a day of the week")
    .min(0, "Choose a day of the week")
    .max(6, "Choose a day of the week"),
  kind: z.enum(["pickup", "delivery"], { error: "Choose pickup or delivery" }),
  pickupPointId: dbId("Unknown pickup point").optional(),
  addressId: dbId("Unknown address").optional(),
  everyWeeks: z
    .union([z.literal(1), z.literal(2)], { error: "Repeat every week or every second week" })
    .default(1),
});
export type StandingOrderInput = z.infer<typeof standingOrderSchema>;

/** PATCH: one action, or new items (quantities edited, lines added or removed). */
export const standingOrderUpdateSchema = z
  .object({
    action: z
      .enum(["pause", "resume", "skipNext", "unskip"], { error: "Unknown action" })
      .optional(),
    items: standingItemsSchema.optional(),
  })
  .refine(
    (v) => (v.action === undefined) !== (v.items === undefined),
    "Send either an action or the items",
  );
export type StandingOrderUpdateInput = z.infer<typeof standingOrderUpdateSchema>;
