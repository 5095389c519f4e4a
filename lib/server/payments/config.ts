import "server-only";
import type { PaymentsConfigJson } from "@/lib/contracts/payments";
import { STRIPE_CURRENCY } from "@/lib/currency";
import { commissionRate, paymentProvider } from "./provider";

/** GET /api/payments/config: what the wallet and the farm screens say about money. */
export function paymentsConfig(): PaymentsConfigJson {
  return {
    provider: paymentProvider().name,
    currency: STRIPE_CURRENCY,
    commissionRate: commissionRate(),
  };
}
