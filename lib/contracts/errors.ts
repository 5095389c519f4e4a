/**
 * Every error the API answers carries one of these codes (`{message, code, errors?}`), and this
 * table is the only place that decides the HTTP status of each. Clients switch on `code`, never on
 * the message text. Shared by the server (lib/server/platform/errors.ts), the generated API document and
 * the browser (lib/client/api.ts). See docs/architecture.md, "Errors".
 *
 * No zod here: the browser's API client imports this table, and it must not pull the validation
 * library into pages that only post a form (the landing page). The error body's schema, for the
 * API document, is in ./error-body.ts.
 */
export const ERROR_STATUS = {
  /** Bad input: a field, a query parameter, a header. `errors` maps fields to messages. */
  validation: 400,
  /** The body is not parseable JSON. */
  invalid_json: 400,
  /** No live session (none sent, expired, revoked or garbage). */
  unauthenticated: 401,
  /** Wrong email/username or password. */
  invalid_credentials: 401,
  forbidden: 403,
  /** An ops money action without a step-up (the password again) in the last 10 minutes. */
  step_up_required: 403,
  /**
   * A money action of an account that must sign in in two steps (staff, a farm with payouts set up)
   * before it has turned two-step sign-in on (docs/accounts.md, "Two-step sign-in").
   */
  two_step_required: 403,
  /** A cookie-carrying mutation from another site. */
  cross_site: 403,
  /** Unknown or someone else's resource (the two look the same on purpose). */
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** An email or username that another account already uses. */
  already_exists: 409,
  insufficient_funds: 409,
  out_of_stock: 409,
  /** One buyer would hold more of a product in open orders than the hoarding cap allows. */
  order_limit: 409,
  /** Cancel or complete an order that is no longer active. */
  order_not_active: 409,
  /** Complete an order before its slot starts (the buyer can still cancel until the cutoff). */
  order_not_started: 409,
  /** A farm with windows and no slot chosen for it at checkout. */
  slot_required: 409,
  /** The chosen slot's cutoff has passed (or the slot no longer exists). */
  slot_closed: 409,
  /** The chosen slot has taken as many orders as its capacity. */
  slot_full: 409,
  /**
   * The buyer already has an active order in that farm's slot, or a standing order covers it:
   * checkout asks first, and places it when the request says `confirmRepeat: true`.
   */
  repeat_order: 409,
  /** Undo a handover after its undo window (HANDOVER_UNDO_MINUTES), or once the order changed since. */
  undo_expired: 409,
  /** A farm's goods total under its minimum order. */
  below_minimum: 409,
  /** Editing an order after its cutoff (or one without a slot). */
  order_locked: 409,
  /** Accepting a farm's adjustment card after the order changed since it was proposed. */
  adjustment_stale: 409,
  /** An order on account that the buyer's credit line at that farm cannot take (or no credit line). */
  credit_limit: 409,
  /** A farm share with no spot left (docs/shares.md). */
  share_full: 409,
  /** A top-up that would take a wallet past its ceiling. */
  wallet_limit: 409,
  /** A wallet on hold while a card payment into it is disputed: nothing can be paid from it. */
  wallet_frozen: 409,
  /** An Idempotency-Key (or message clientId) reused for a different request. */
  idempotency_key_reused: 409,
  /** A one-time link that was used already or has expired. */
  /** A Stripe webhook without a valid, fresh signature (or too large to be one). */
  invalid_webhook: 400,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** The database (or another dependency) is unreachable for a moment; retry after Retry-After. */
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
