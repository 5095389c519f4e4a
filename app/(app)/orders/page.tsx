import type { Metadata } from "next";
import { OrdersView } from "@/components/orders/orders-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { listOrders } from "@/lib/server/orders/list-orders";

export const metadata: Metadata = { title: "Orders", robots: { index: false } };

export default async function OrdersPage() {
  const user = await requireUser("/orders");
  const orders = await listOrders(user.id).catch((error) => {
    console.error("[orders] failed to load:", error);
    return null;
  });
  return <OrdersView initialOrders={orders} />;
}
