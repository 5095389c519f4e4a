import { CustomersView } from "@/components/account/customers-view";
import { listCustomers } from "@/lib/server/credit/customers";
import { initialOrNull } from "@/lib/server/platform/page-data";
import { farmPageUser } from "@/lib/server/farm/profile";

export const dynamic = "force-dynamic";

/** My Farm → Customers (docs/restaurants.md, "Pay on account"). */
export default async function CustomersPage() {
  const user = await farmPageUser();
  if (!user) return null;
  return <CustomersView initial={await initialOrNull("my-farm/customers", listCustomers(user))} />;
}
