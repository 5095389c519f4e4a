import "server-only";
import { env } from "@/lib/server/platform/env";
import { stripeProvider } from "./stripe-provider";

/**
 * The one door to whoever moves real money (docs/money.md, "Payment providers"). `stripe` when
 * STRIPE_SECRET_KEY is set; otherwise `demo`, the embedded default, which charges no card: its
 * top-ups are credited at once by the wallet module and its payouts are paid by hand.
 */
export type CheckoutRequest = {
  /** Our TopUp row: the session's `client_reference_id`, and its idempotency key. */
  topUpId: number;
  userId: number;
  amountCents: number;
  currency: "usd";
  successUrl: string;
  cancelUrl: string;
};

export type VerifiedEvent = {
  id: string;
  type: string;
  object: Record<string, unknown>;
};

export type CardProvider = {
  name: "stripe";
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The event, or null when the signature is missing, wrong or older than 300 s. */
  verifyWebhook(rawBody: string, signature: string | null): VerifiedEvent | null;
  /** A transfer to a connected account; the same `idempotencyKey` is the same transfer. */
  transfer(req: {
    amountCents: number;
    destination: string;
    idempotencyKey: string;
    description: string;
  }): Promise<TransferOutcome>;
  /** The farm's connected account (created once by the caller) and a link to onboard it. */
  createConnectedAccount(req: { farmId: number; email: string }): Promise<string>;
  accountLink(req: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
};

/** `refused`: the provider answered no (the money stays ours); `unknown`: no answer, ask again. */
export type TransferOutcome =
  | { kind: "paid"; transferId: string }
  | { kind: "refused"; reason: string }
  | { kind: "unknown"; reason: string };

export type PaymentProvider = { name: "demo" } | CardProvider;

export const CURRENCY = "usd" as const;

export function paymentProvider(): PaymentProvider {
  const e = env();
  if (!e.STRIPE_SECRET_KEY) return { name: "demo" };
  return stripeProvider({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL,
  });
}

/** The commission as a rate (800 basis points → 0.08). */
export function commissionRate(): number {
  return env().COMMISSION_BPS / 10_000;
}
