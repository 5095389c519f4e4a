import type { Metadata } from "next";
import { StandingOrdersPage } from "@/components/standing/standing-orders-view";

export const metadata: Metadata = { title: "Standing orders", robots: { index: false } };

/** /standing-orders, prerendered: a restaurant's standing orders come from /api in the browser. */
export default function Page() {
  return <StandingOrdersPage />;
}
