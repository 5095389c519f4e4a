/**
 * The one currency every amount is in (docs/decisions/003-currency.md): its ISO 4217 code, as
 * pages, exports and the API show it, and Stripe's lower-case spelling of the same code.
 */
export const CURRENCY = "USD" as const;
export const STRIPE_CURRENCY = "usd" as const;
