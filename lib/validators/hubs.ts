import { z } from "zod";
import { hasAtMostTwoDecimals } from "@/lib/money";
import { isDbId } from "./id";
import { typedNumber } from "./number";
import { visibleText } from "./text";

/**
 * Food hubs (docs/hubs.md): the distributor's hub profile, its suppliers' terms and the farm's
 * answer. Terms travel as percents with at most 2 decimals and are stored as basis points.
 */

const text = (label: string, min: number, max: number) =>
  visibleText(label, `${label} is required`)
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const hubProfileSchema = z.object({
  name: text("Hub name", 2, 120),
  description: visibleText("Description", 'Description must be text (send "" for none)', {
    multiline: true,
  }).max(2000, "Description must be at most 2000 characters"),
  location: text("Location", 2, 300),
});
export type HubProfileInput = z.infer<typeof hubProfileSchema>;

const percent = (max: number, message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .min(0, message)
    .max(max, message)
    .refine(hasAtMostTwoDecimals, message);

export const MAX_DISCOUNT = 99.99;
export const MAX_MARGIN = 1000;
export const DISCOUNT_MESSAGE = `Enter a discount from 0 to ${MAX_DISCOUNT} percent, with at most 2 decimals`;
export const MARGIN_MESSAGE = `Enter a margin from 0 to ${MAX_MARGIN} percent, with at most 2 decimals`;

export const supplierInviteSchema = z.object({
  farmId: z.number({ error: "Choose a farm" }).int("Choose a farm").refine(isDbId, "Choose a farm"),
});
export type SupplierInviteInput = z.infer<typeof supplierInviteSchema>;

export const supplierMarginSchema = z.object({ margin: percent(MAX_MARGIN, MARGIN_MESSAGE) });
export type SupplierMarginInput = z.infer<typeof supplierMarginSchema>;

/** The farm's answer: accept (with its discount), decline, or end a link it accepted. */
export const hubLinkAnswerSchema = z
  .object({
    status: z.enum(["active", "declined", "ended"], {
      error: "Choose active, declined or ended",
    }),
    wholesaleDiscount: percent(MAX_DISCOUNT, DISCOUNT_MESSAGE).optional(),
  })
  .refine((a) => a.status !== "active" || a.wholesaleDiscount !== undefined, {
    message: "Enter the discount you sell to this hub at",
    path: ["wholesaleDiscount"],
  });
export type HubLinkAnswerInput = z.infer<typeof hubLinkAnswerSchema>;

/** The Accept dialog's field as typed (My Farm → Hubs). */
export const discountFormSchema = z.object({
  wholesaleDiscount: typedNumber(DISCOUNT_MESSAGE, percent(MAX_DISCOUNT, DISCOUNT_MESSAGE)),
});
