import "server-only";
import type { PaymentsConfigJson } from "@/lib/contracts/payments";
import { commissionRate, CURRENCY, paymentProvider } from "./provider";

/** GET /api/payments/config: what the wallet and the farm screens say about money. */
export function paymentsConfig(): PaymentsConfigJson {
  return { provider: paymentProvider().name, currency: CURRENCY, commissionRate: commissionRate() };
}
