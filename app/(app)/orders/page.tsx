import type { Metadata } from "next";
import { OrdersView } from "@/components/orders/orders-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { listOrders } from "@/lib/server/orders/list-orders";
import { PAGE_SIZE } from "@/lib/validators/page";

export const metadata: Metadata = { title: "Orders", robots: { index: false } };

export default async function OrdersPage() {
  const user = await requireUser("/orders");
  // Only the tab shown first is rendered here; the others load when opened.
  const active = await listOrders(user.id, { status: "active", limit: PAGE_SIZE }).catch((error) => {
    console.error("[orders] failed to load:", error);
    return null;
  });
  return <OrdersView initialActive={active} />;
}
