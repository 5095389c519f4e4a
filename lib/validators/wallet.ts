import { z } from "zod";
import { typedNumber } from "./number";
import { hasAtMostTwoDecimals } from "@/lib/money";
import { pageLimit, timeCursorParam } from "./page";

/** Top-up amount (docs/money.md): a finite number > 0, at most 2 decimals, at most 10,000.00. */
export const MAX_TOP_UP = 10_000;
export const INVALID_AMOUNT = "Please enter a valid amount";

export const topUpAmount = z
  .number({ error: INVALID_AMOUNT })
  .refine(
    (n) => Number.isFinite(n) && n > 0 && n <= MAX_TOP_UP && hasAtMostTwoDecimals(n),
    INVALID_AMOUNT,
  );

/** POST /api/transactions/topup */
export const topUpSchema = z.object({ amount: topUpAmount });
export type TopUpInput = z.infer<typeof topUpSchema>;

/** The dialog's field is text from <input type="number">; "" and "abc" must fail like the API does. */
export const topUpFormSchema = z.object({
  amount: typedNumber(INVALID_AMOUNT, topUpAmount),
});
export type TopUpFormInput = z.input<typeof topUpFormSchema>;

/** GET /api/transactions?limit=&cursor= (see ./page.ts). */
export const transactionsQuerySchema = z.object({ limit: pageLimit, cursor: timeCursorParam });
