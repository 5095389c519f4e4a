import { CustomersView } from "@/components/account/customers-view";
import { listCustomers } from "@/lib/server/credit/customers";
import { farmPageUser } from "@/lib/server/farm/profile";

export const dynamic = "force-dynamic";

/** My Farm → Customers (docs/restaurants.md, "Pay on account"). */
export default async function CustomersPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const customers = await listCustomers(user).catch((error) => {
    console.error("[my-farm/customers] failed to load:", error);
    return null;
  });
  return <CustomersView initial={customers} />;
}
