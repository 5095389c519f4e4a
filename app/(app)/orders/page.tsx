import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OrdersView } from "@/components/orders/orders-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { listOrders } from "@/lib/server/orders/list-orders";

export const metadata: Metadata = { title: "Orders", robots: { index: false } };

export default async function OrdersPage() {
  // proxy.ts only checks that a cookie exists; the session itself is verified here.
  const user = await getCurrentUser();
  if (!user) redirect("/auth?next=/orders");
  const orders = await listOrders(user.id).catch((error) => {
    console.error("[orders] failed to load:", error);
    return null;
  });
  return <OrdersView initialOrders={orders} />;
}
