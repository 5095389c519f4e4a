import type { Metadata } from "next";
import { PayoutsView } from "@/components/payments/payouts-view";

export const metadata: Metadata = { title: "Payouts", robots: { index: false } };

/**
 * My Farm → Payouts (docs/money.md, "Payouts"), prerendered: the figures are read from
 * /api/my-farm/payouts in the browser, as the other app screens do (docs/architecture.md, "Pages").
 */
export default function PayoutsPage() {
  return <PayoutsView initial={null} />;
}
