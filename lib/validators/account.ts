import { z } from "zod";
import { typedNumber } from "./number";
import { hasAtMostTwoDecimals } from "@/lib/money";

/** How an order is paid (docs/restaurants.md, "Pay on account"). */
export const paymentMethods = ["wallet", "account"] as const;
export type PaymentMethodValue = (typeof paymentMethods)[number];

/** The largest credit line a farm may grant (US dollars). */
export const MAX_CREDIT_LIMIT = 100_000;
export const CREDIT_LIMIT_MESSAGE = `Enter a limit from 0 to ${MAX_CREDIT_LIMIT.toLocaleString("en-US")} dollars, at most 2 decimals`;

/** PUT /api/my-farm/customers/{buyerId}/credit */
export const creditLimitSchema = z.object({
  limit: z
    .number({ error: CREDIT_LIMIT_MESSAGE })
    .refine(
      (n) => Number.isFinite(n) && n >= 0 && n <= MAX_CREDIT_LIMIT && hasAtMostTwoDecimals(n),
      CREDIT_LIMIT_MESSAGE,
    ),
});
export type CreditLimitInput = z.infer<typeof creditLimitSchema>;

/** The form's field is text from <input inputMode="decimal">. */
export const creditLimitFormSchema = z.object({
  limit: typedNumber(CREDIT_LIMIT_MESSAGE, creditLimitSchema.shape.limit),
});
export type CreditLimitFormInput = z.input<typeof creditLimitFormSchema>;

export const statementStatuses = ["open", "issued", "overdue", "paid"] as const;
export type StatementStatus = (typeof statementStatuses)[number];
