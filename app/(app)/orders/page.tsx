import type { Metadata } from "next";
import { OrdersView } from "@/components/orders/orders-view";

export const metadata: Metadata = { title: "Orders", robots: { index: false } };

/** /orders, prerendered: each tab's orders come from /api in the browser (docs/architecture.md, "Pages"). */
export default function OrdersPage() {
  return <OrdersView />;
}
