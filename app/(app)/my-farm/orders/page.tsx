import { IncomingOrders } from "@/components/farm/incoming-orders";
import { SalesChart } from "@/components/farm/sales-chart";
import { incomingOrdersOverview } from "@/lib/server/orders/farm-orders";
import { weeklySales } from "@/lib/server/accounting/weekly-sales";
import { farmPageUser } from "@/lib/server/farm/profile";
import { PAGE_SIZE } from "@/lib/validators/page";

export const dynamic = "force-dynamic";

/** My Farm → Orders & sales: every active order by its handover day, and the week's sales. */
export default async function MyFarmOrdersPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const [orders, sales] = await Promise.all([
    incomingOrdersOverview(user, PAGE_SIZE),
    weeklySales(user),
  ]);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(0,26rem)] lg:items-start">
      <IncomingOrders orders={orders} />
      <SalesChart sales={sales} />
    </div>
  );
}
