import { afterAll, afterEach, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/server/platform/env";
import { nextPayoutAt } from "@/lib/server/payments/payouts";
import { call } from "../support/http";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { startStripeEmulator, type StripeEmulator } from "../support/stripe-emulator";
import { topUp } from "../wallet/support";

/**
 * The stripe provider for the whole file: the official library talks to a local emulator over
 * HTTP (STRIPE_API_URL), and the emulator's events reach the real webhook route handler.
 */
export function stripeForThisFile(): { emulator: () => StripeEmulator } {
  let emulator: StripeEmulator | undefined;
  const saved: Record<string, string | undefined> = {};
  const VARS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
  beforeAll(async () => {
    emulator = await startStripeEmulator();
    emulator.deliver = (payload, signature) => deliver(payload, signature);
    for (const v of VARS) saved[v] = process.env[v];
    process.env.STRIPE_SECRET_KEY = emulator.secretKey;
    process.env.STRIPE_WEBHOOK_SECRET = emulator.webhookSecret;
    process.env.STRIPE_API_URL = emulator.url;
    resetEnvCache();
  });
  afterEach(() => {
    emulator?.failTransfersTo.clear();
  });
  afterAll(async () => {
    for (const v of VARS) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
    resetEnvCache();
    await emulator?.close();
  });
  return {
    emulator: () => {
      if (!emulator) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
  };
}

/** POST /api/webhooks/stripe as Stripe sends it: no cookie, no Origin, the raw signed body. */
export function deliver(payload: string, signature: string | null) {
  return call(webhookRoute.POST, "/api/webhooks/stripe", {
    rawBody: payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === null ? {} : { "stripe-signature": signature }),
    },
  });
}

/** A card top-up paid on the emulator and credited by its signed webhook (the stripe way to fund a wallet). */
export async function fundWallet(emulator: StripeEmulator, cookie: string, amount: number) {
  const started = await topUp(cookie, amount);
  if (started.status !== 202) throw new Error(`top-up answered ${started.status}: ${started.text}`);
  const sessionId = new URL(started.json.checkoutUrl).pathname.split("/").pop()!;
  const { payload, signature } = emulator.pay(sessionId);
  const res = await deliver(payload, signature);
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
}

/** An hour after the first payout day at least 3 days (past the 2-day hold) from now. */
export const payoutDay = () =>
  nextPayoutAt(new Date(Date.now() + 3 * 86_400_000), "America/Vancouver")
    .plus({ hours: 1 })
    .toJSDate();
