import { z } from "zod";
import { postalCode } from "./fulfilment";
import { visibleText } from "./text";

/** Profile → Business account (docs/restaurants.md), shared by the form and POST /api/business-account. */
const text = (label: string, min: number, max: number) =>
  visibleText(label, `${label} is required`)
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const BUSINESS_NUMBER_MESSAGE =
  "Enter your 9-digit business number, like 123456789 or 123456789 RT0001";

/** A Canada Revenue Agency business number: 9 digits, optionally a program account (RT0001). Written "123456789 RT0001". */
export const businessNumber = z
  .string({ error: BUSINESS_NUMBER_MESSAGE })
  .transform((s) => s.replace(/[\s-]+/g, "").toUpperCase())
  .refine((s) => /^\d{9}([A-Z]{2}\d{4})?$/.test(s), BUSINESS_NUMBER_MESSAGE)
  .transform((s) => (s.length > 9 ? `${s.slice(0, 9)} ${s.slice(9)}` : s));

export const businessAccountSchema = z.object({
  companyName: text("Company name", 2, 120),
  businessNumber,
  address: text("Business address", 5, 300),
  postalCode,
});
export type BusinessAccountInput = z.infer<typeof businessAccountSchema>;
