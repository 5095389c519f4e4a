import { z } from "zod";
import { MAX_LINES, MAX_QUANTITY } from "./orders";
import { plainText } from "./text";

/** Longest note a farm may add to an adjustment. */
export const ADJUSTMENT_NOTE_MAX = 500;

const quantityMessage = `Quantity must be a whole number from 0 to ${MAX_QUANTITY}`;
const dbId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/**
 * One changed line of a farm's adjustment: the order line (`itemId`), its new quantity (a lower
 * one is a short-pick, a higher one an actual weight; 0 removes the line) and/or another of the
 * farm's products in its place. See docs/adjustments.md.
 */
const adjustmentLine = z
  .object({
    itemId: dbId("Choose a line of the order"),
    quantity: z
      .number({ error: quantityMessage })
      .int(quantityMessage)
      .min(0, quantityMessage)
      .max(MAX_QUANTITY, quantityMessage)
      .optional(),
    substituteProductId: dbId("Choose a product to substitute").optional(),
  })
  .refine((l) => l.quantity !== undefined || l.substituteProductId !== undefined, {
    message: "Give a new quantity or a substitute for each line",
    path: ["quantity"],
  });

/** POST /api/my-farm/orders/{id}/adjustments */
export const proposeAdjustmentSchema = z.object({
  lines: z
    .array(adjustmentLine, { error: "List the lines to change" })
    .min(1, "List the lines to change")
    .max(MAX_LINES, `An adjustment can change at most ${MAX_LINES} lines`)
    .refine(
      (lines) => new Set(lines.map((l) => l.itemId)).size === lines.length,
      "Each line may be changed once per adjustment",
    ),
  note: plainText({ label: "Note", error: "Note must be text", multiline: true })
    .max(ADJUSTMENT_NOTE_MAX, `Note must be at most ${ADJUSTMENT_NOTE_MAX} characters`)
    .optional()
    .default(""),
});
export type ProposeAdjustmentInput = z.infer<typeof proposeAdjustmentSchema>;
