"use client";
import { LoadStates } from "@/components/ui/load-states";
import { useIncomingOrders, useWeeklySales } from "@/lib/client/resources";
import { IncomingOrders } from "./incoming-orders";
import { SalesChart } from "./sales-chart";

/**
 * My Farm → Orders & sales: every active order by its handover day, and the week's sales, read
 * from /api/my-farm/orders and /api/my-farm/sales in the browser (the page is prerendered and,
 * after one visit, opens offline: docs/offline.md).
 */
export function FarmOrders() {
  const orders = useIncomingOrders();
  const sales = useWeeklySales();
  const changed = () => {
    void orders.mutate();
    void sales.mutate();
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(0,26rem)] lg:items-start">
      <LoadStates read={orders} failed="Failed to load orders" loading="Loading orders...">
        {(page) => <IncomingOrders orders={page} onChanged={changed} />}
      </LoadStates>
      <LoadStates read={sales} failed="Failed to load sales" loading="Loading sales...">
        {(week) => <SalesChart sales={week} />}
      </LoadStates>
    </div>
  );
}
