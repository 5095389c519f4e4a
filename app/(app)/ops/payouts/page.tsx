import type { Metadata } from "next";
import { PayoutsView } from "@/components/ops/payouts-view";

export const metadata: Metadata = { title: "Payouts · Ops console" };

export default function Page() {
  return <PayoutsView />;
}
