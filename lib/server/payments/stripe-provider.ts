import "server-only";
import { STRIPE_CURRENCY } from "@/lib/currency";
import Stripe from "stripe";
import type {
  CardProvider,
  CheckoutRequest,
  ProviderRecords,
  TransferOutcome,
  VerifiedEvent,
} from "./types";

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
            currency: STRIPE_CURRENCY,
            destination: req.destination,
            description: req.description,
            transfer_group: req.idempotencyKey,
          },
          // One quick try within the payout's claim (lib/server/payments/payouts.ts); the next round asks again.
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
    records: (req) => listRecords(stripe, req),
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
      } catch (e) {
        // Refused as 400; the log says which check failed (signature, timestamp, body).
        console.warn(`[payments] webhook refused: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      }
    },
  };
}

const at = (seconds: number) => new Date(seconds * 1000);
const idOf = (x: string | { id: string } | null | undefined) =>
  typeof x === "string" ? x : (x?.id ?? null);

/**
 * Every page of each list (the library's auto-pagination follows `has_more` with
 * `starting_after`), 100 a page, created at or after `since`. A transfer's reversals are listed
 * from their own endpoint: the transfer object carries only its ten newest.
 */
async function listRecords(
  stripe: Stripe,
  { since, reversalsOf }: { since: Date; reversalsOf: string[] },
): Promise<ProviderRecords> {
  const window = { created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 };
  const out: ProviderRecords = {
    payments: [],
    refunds: [],
    transfers: [],
    reversals: [],
    disputes: [],
  };
  for await (const s of stripe.checkout.sessions.list(window)) {
    if (s.payment_status !== "paid") continue;
    const ref = Number(s.client_reference_id);
    out.payments.push({
      id: s.id,
      topUpId: Number.isSafeInteger(ref) && ref > 0 ? ref : null,
      paymentIntent: idOf(s.payment_intent),
      amountCents: s.amount_total ?? 0,
      currency: s.currency ?? "",
      created: at(s.created),
    });
  }
  for await (const r of stripe.refunds.list(window))
    out.refunds.push({
      id: r.id,
      paymentIntent: idOf(r.payment_intent),
      amountCents: r.amount,
      currency: r.currency,
      status: r.status ?? "unknown",
      created: at(r.created),
    });
  for await (const t of stripe.transfers.list(window))
    out.transfers.push({
      id: t.id,
      amountCents: t.amount,
      currency: t.currency,
      destination: idOf(t.destination),
      group: t.transfer_group ?? null,
      reversedCents: t.amount_reversed,
      created: at(t.created),
    });
  const reversed = new Set([
    ...out.transfers.filter((t) => t.reversedCents > 0).map((t) => t.id),
    ...reversalsOf,
  ]);
  for (const transferId of reversed) {
    try {
      for await (const r of stripe.transfers.listReversals(transferId, { limit: 100 }))
        out.reversals.push({
          id: r.id,
          transferId,
          amountCents: r.amount,
          currency: r.currency,
          created: at(r.created),
        });
    } catch (e) {
      // A transfer our books name that Stripe does not know: reconcile reports the payout.
      if ((e as { statusCode?: number }).statusCode !== 404) throw e;
    }
  }
  for await (const d of stripe.disputes.list(window))
    out.disputes.push({
      id: d.id,
      paymentIntent: idOf(d.payment_intent),
      amountCents: d.amount,
      currency: d.currency,
      status: d.status,
      created: at(d.created),
    });
  return out;
}
