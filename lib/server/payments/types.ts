import type { STRIPE_CURRENCY } from "@/lib/currency";

/** What a payment provider does (docs/money.md, "Payment providers"): the `stripe` one or `demo`. */
export type CheckoutRequest = {
  /** Our TopUp row: the session's `client_reference_id`, and its idempotency key. */
  topUpId: number;
  userId: number;
  amountCents: number;
  currency: typeof STRIPE_CURRENCY;
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
  /**
   * The provider's own records created at or after `since`, every page of each list, and the
   * reversals of those transfers and of `reversalsOf` (older transfers our books name).
   */
  records(req: { since: Date; reversalsOf: string[] }): Promise<ProviderRecords>;
};

/** What the provider says it moved (docs/money.md, "Reconciliation"), in integer cents. */
export type ProviderRecords = {
  /** Paid Checkout Sessions; `topUpId` from `client_reference_id`. */
  payments: {
    id: string;
    topUpId: number | null;
    paymentIntent: string | null;
    amountCents: number;
    currency: string;
    created: Date;
  }[];
  refunds: {
    id: string;
    paymentIntent: string | null;
    amountCents: number;
    currency: string;
    status: string;
    created: Date;
  }[];
  transfers: {
    id: string;
    amountCents: number;
    currency: string;
    destination: string | null;
    group: string | null;
    reversedCents: number;
    created: Date;
  }[];
  reversals: {
    id: string;
    transferId: string;
    amountCents: number;
    currency: string;
    created: Date;
  }[];
  disputes: {
    id: string;
    paymentIntent: string | null;
    amountCents: number;
    currency: string;
    status: string;
    created: Date;
  }[];
};

/** `refused`: the provider answered no (the money stays ours); `unknown`: no answer, ask again. */
export type TransferOutcome =
  | { kind: "paid"; transferId: string }
  | { kind: "refused"; reason: string }
  | { kind: "unknown"; reason: string };

export type PaymentProvider = { name: "demo" } | CardProvider;
