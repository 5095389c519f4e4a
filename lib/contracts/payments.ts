import { STRIPE_CURRENCY } from "@/lib/currency";
import { z } from "zod";
import { CSV_ANSWER, endpoint, idParams } from "./endpoint";
import { id, isoDate, money } from "./json";

/** Which provider moves money (docs/money.md, "Payment providers"). */
export const paymentProvider = z.enum(["stripe", "demo"]);

export const paymentsConfig = z.object({
  provider: paymentProvider,
  currency: z.literal(STRIPE_CURRENCY),
  commissionRate: z.number().describe("Fieldfare's commission on the goods, e.g. 0.08"),
});
export type PaymentsConfigJson = z.infer<typeof paymentsConfig>;

export const topUpStatus = z.enum(["pending", "paid", "failed", "expired"]);

export const cardTopUp = z.object({
  id,
  amount: money,
  status: topUpStatus,
  failureReason: z.string().optional(),
});
export type CardTopUpJson = z.infer<typeof cardTopUp>;

/** stripe: POST /api/transactions/topup answers 202 with the Checkout page to send the buyer to. */
export const cardTopUpStarted = z.object({
  topUp: cardTopUp,
  checkoutUrl: z.string().url(),
});
export type CardTopUpStarted = z.infer<typeof cardTopUpStarted>;

export const webhookReceived = z.object({ received: z.literal(true) });

export const paymentsApi = {
  config: endpoint({
    method: "GET",
    path: "/api/payments/config",
    tag: "Payments",
    summary: "The payment provider, currency and commission rate",
    auth: "none",
    response: paymentsConfig,
  }),
  topUp: endpoint({
    method: "GET",
    path: "/api/payments/top-ups/{id}",
    tag: "Payments",
    summary: "One of your card top-ups (the wallet waits on it after the Checkout page)",
    auth: "required",
    params: idParams("Top-up"),
    response: cardTopUp,
  }),
  stripeWebhook: endpoint({
    method: "POST",
    path: "/api/webhooks/stripe",
    tag: "Payments",
    summary: "Stripe events, verified by their Stripe-Signature",
    description:
      "The raw body (at most 256 KB) and its `Stripe-Signature` header; a missing, bad or stale (over 300 s) signature is 400 and writes nothing. Every verified event is 200, known or not, and changes things once however often it is delivered.",
    auth: "none",
    crossSite: "allowed",
    response: webhookReceived,
    errors: ["invalid_webhook"],
  }),
};

export const payoutStatus = z.enum(["processing", "paid", "pending_manual", "failed"]);

export const payoutSummary = z.object({
  id,
  periodEnd: z.string().describe("YYYY-MM-DD: the payout day whose week it closes"),
  amount: money,
  status: payoutStatus,
  paidAt: isoDate.optional(),
  reference: z.string().optional(),
  failureReason: z.string().optional(),
  waitingReason: z
    .string()
    .optional()
    .describe(
      "why a pending_manual payout waits: the farm's Stripe account cannot receive payouts yet",
    ),
});
export type PayoutSummaryJson = z.infer<typeof payoutSummary>;

export const farmPayouts = z.object({
  provider: paymentProvider,
  /** stripe: the farm's connected account can receive transfers. */
  connected: z.boolean(),
  commissionRate: z.number(),
  balance: money.describe("Σ the farm's ledger: what Fieldfare owes the farm"),
  available: money.describe("earnings past the hold period, not yet paid out"),
  held: money.describe("earnings still in the hold period"),
  nextPayout: z.object({ date: z.string().describe("YYYY-MM-DD"), amount: money }),
  payouts: z.array(payoutSummary),
});
export type FarmPayoutsJson = z.infer<typeof farmPayouts>;

export const payoutLine = z.object({
  orderId: id.nullable(),
  buyer: z.string().nullable(),
  completedAt: isoDate.nullable(),
  goods: money,
  fees: money,
  taxes: money.describe("GST and PST the farm charged on the order, paid to it to remit"),
  commission: money.describe("negative: COMMISSION_BPS of the goods alone"),
  adjustments: money,
  net: money,
});
export type PayoutLineJson = z.infer<typeof payoutLine>;

export const payoutDetail = payoutSummary.extend({
  farmName: z.string(),
  farmTaxNumbers: z.array(z.string()).describe("the farm's GST and PST numbers as printed"),
  commissionGst: money.describe(
    "GST on Fieldfare's commission in this payout (5 %, half-up): the farm's input tax credit",
  ),
  lines: z.array(payoutLine),
});
export type PayoutDetailJson = z.infer<typeof payoutDetail>;

const payoutParams = idParams("Payout");

/** My Farm → Payouts (docs/money.md, "Payouts"). */
export const farmPayoutsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/my-farm/payouts",
    tag: "My Farm",
    summary: "The farm's balance, what is available and held, the next payout and the history",
    auth: "required",
    response: farmPayouts,
    errors: ["forbidden"],
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/my-farm/payouts/{id}",
    tag: "My Farm",
    summary: "One payout with its lines per order (`?format=csv` for a spreadsheet)",
    auth: "required",
    params: payoutParams,
    query: z.object({ format: z.enum(["json", "csv"]).default("json") }),
    response: payoutDetail,
    otherAnswers: CSV_ANSWER,
    errors: ["forbidden"],
  }),
  statement: endpoint({
    method: "GET",
    path: "/api/my-farm/payouts/{id}/statement.pdf",
    tag: "My Farm",
    summary: "The payout's PDF statement: each order, its commission and the net",
    auth: "required",
    params: payoutParams,
    response: "application/pdf",
    errors: ["forbidden"],
  }),
  connect: endpoint({
    method: "POST",
    path: "/api/my-farm/payouts/connect",
    tag: "My Farm",
    summary:
      "Set up payouts: the farm's Stripe connected account (created once) and its onboarding link",
    auth: "required",
    response: z.object({ url: z.string().url() }),
    errors: ["forbidden", "conflict", "unavailable"],
  }),
};
