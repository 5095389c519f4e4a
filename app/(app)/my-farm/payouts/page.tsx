import type { Metadata } from "next";
import { PayoutsView } from "@/components/payments/payouts-view";
import { farmPayouts } from "@/lib/server/payments/farm-payouts";
import { farmPageUser } from "@/lib/server/farm/profile";

export const metadata: Metadata = { title: "Payouts", robots: { index: false } };
export const dynamic = "force-dynamic";

/** My Farm → Payouts (docs/money.md, "Payouts"). */
export default async function PayoutsPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const payouts = await farmPayouts(user).catch((error) => {
    console.error("[my-farm/payouts] failed to load:", error);
    return null;
  });
  return <PayoutsView initial={payouts} />;
}
