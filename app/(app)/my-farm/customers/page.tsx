import { CustomersView } from "@/components/account/customers-view";

/**
 * My Farm → Customers (docs/restaurants.md, "Pay on account"), prerendered: the list is read from
 * /api in the browser (docs/architecture.md, "Pages").
 */
export default function CustomersPage() {
  return <CustomersView initial={null} />;
}
