import "server-only";
import { env, type Env } from "@/lib/server/platform/env";
import { stripeProvider } from "./stripe-provider";

import type { PaymentProvider } from "./types";

/**
 * The one door to whoever moves real money (docs/money.md, "Payment providers"). `stripe` when
 * STRIPE_SECRET_KEY is set; otherwise `demo`, the embedded default, which charges no card: its
 * top-ups are credited at once by the wallet module and its payouts are paid by hand.
 */

export function paymentProvider(): PaymentProvider {
  const e = env();
  if (!e.STRIPE_SECRET_KEY) {
    assertDemoAllowed(e);
    return { name: "demo" };
  }
  return stripeProvider({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL,
  });
}

/**
 * The demo credits every top-up at once: in production on PostgreSQL it runs only when the
 * operator names it (PAYMENTS_PROVIDER=demo), so a missing STRIPE_SECRET_KEY cannot turn real
 * shoppers' top-ups into free money. Checked at start (instrumentation.ts) and on every use.
 */
export function assertDemoAllowed(e: Env = env()): void {
  if (e.STRIPE_SECRET_KEY || e.PAYMENTS_PROVIDER === "demo") return;
  if (e.NODE_ENV === "production" && /^postgres/.test(e.DATABASE_URL ?? ""))
    throw new Error(
      "STRIPE_SECRET_KEY is required in production (or set PAYMENTS_PROVIDER=demo to run the demo payments, which charge no card)",
    );
}

/** The commission as a rate (800 basis points → 0.08). */
export function commissionRate(): number {
  return env().COMMISSION_BPS / 10_000;
}
