import { FarmOrders } from "@/components/farm/farm-orders";

/**
 * My Farm → Orders & sales, prerendered: the orders and the week's sales are read from /api in the
 * browser (docs/architecture.md, "Pages").
 */
export default function MyFarmOrdersPage() {
  return <FarmOrders />;
}
