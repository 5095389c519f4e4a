import { z } from "zod";
import { idParam } from "@/lib/validators/id";
import { endpoint } from "./endpoint";
import { id, money } from "./json";

/** Which provider moves money (docs/money.md, "Payment providers"). */
export const paymentsConfig = z.object({
  provider: z.enum(["stripe", "demo"]),
  currency: z.literal("usd"),
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
    params: z.object({ id: idParam("Top-up") }),
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
