import "server-only";
import Stripe from "stripe";
import type { CardProvider, CheckoutRequest, TransferOutcome, VerifiedEvent } from "./types";

/** Signatures older than this are refused (Stripe's own default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type StripeSettings = { secretKey: string; webhookSecret?: string; apiUrl?: string };

let cached: { key: string; client: Stripe } | undefined;

/**
 * The official library, pointed at STRIPE_API_URL when set (its host/port/protocol options: the
 * tests' emulator). One client per configuration: it keeps its HTTP agent and connections.
 */
export function stripeClient(s: StripeSettings): Stripe {
  const key = `${s.secretKey}|${s.apiUrl ?? ""}`;
  if (cached?.key === key) return cached.client;
  const url = s.apiUrl ? new URL(s.apiUrl) : undefined;
  const client = new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === "http:" ? 80 : 443)),
          protocol: url.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
  cached = { key, client };
  return client;
}

export function stripeProvider(s: StripeSettings): CardProvider {
  const stripe = stripeClient(s);
  return {
    name: "stripe",
    async createCheckout(req: CheckoutRequest) {
      // The idempotency key makes a retried request (ours or the library's) the same session.
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: String(req.topUpId),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency,
                unit_amount: req.amountCents,
                product_data: { name: "Fieldfare wallet top-up" },
              },
            },
          ],
          metadata: { topUpId: String(req.topUpId), userId: String(req.userId) },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: `topup-${req.topUpId}` },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} came back without a url`);
      return { sessionId: session.id, url: session.url };
    },
    async transfer(req): Promise<TransferOutcome> {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: req.amountCents,
            currency: "usd",
            destination: req.destination,
            description: req.description,
            transfer_group: req.idempotencyKey,
          },
          // Sent inside the payout's row lock: one quick try; the next round asks again.
          { idempotencyKey: req.idempotencyKey, maxNetworkRetries: 0, timeout: 10_000 },
        );
        return { kind: "paid", transferId: transfer.id };
      } catch (e) {
        const err = e as { statusCode?: number; message?: string };
        const reason = err.message ?? String(e);
        // A 4xx is Stripe's answer (no transfer was made); anything else may or may not have been.
        return err.statusCode &&
          err.statusCode >= 400 &&
          err.statusCode < 500 &&
          err.statusCode !== 429
          ? { kind: "refused", reason }
          : { kind: "unknown", reason };
      }
    },
    async createConnectedAccount({ farmId, email }) {
      const account = await stripe.accounts.create(
        { type: "express", country: "CA", email, metadata: { farmId: String(farmId) } },
        { idempotencyKey: `farm-account-${farmId}` },
      );
      return account.id;
    },
    async accountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    verifyWebhook(rawBody: string, signature: string | null): VerifiedEvent | null {
      if (!s.webhookSecret || !signature) return null;
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          s.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
        return {
          id: event.id,
          type: event.type,
          object: event.data.object as unknown as Record<string, unknown>,
        };
      } catch {
        return null;
      }
    },
  };
}
