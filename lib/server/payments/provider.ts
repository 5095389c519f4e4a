import "server-only";
import { env } from "@/lib/server/platform/env";
import { stripeProvider } from "./stripe-provider";

import type { PaymentProvider } from "./types";

/**
 * The one door to whoever moves real money (docs/money.md, "Payment providers"). `stripe` when
 * STRIPE_SECRET_KEY is set; otherwise `demo`, the embedded default, which charges no card: its
 * top-ups are credited at once by the wallet module and its payouts are paid by hand.
 */

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
