import type { Metadata } from "next";
import { PayoutsView } from "@/components/payments/payouts-view";
import { farmPayouts } from "@/lib/server/payments/farm-payouts";
import { initialOrNull } from "@/lib/server/platform/page-data";
import { farmPageUser } from "@/lib/server/farm/profile";

export const metadata: Metadata = { title: "Payouts", robots: { index: false } };
export const dynamic = "force-dynamic";

/** My Farm → Payouts (docs/money.md, "Payouts"). */
export default async function PayoutsPage() {
  const user = await farmPageUser();
  if (!user) return null;
  return <PayoutsView initial={await initialOrNull("my-farm/payouts", farmPayouts(user))} />;
}
