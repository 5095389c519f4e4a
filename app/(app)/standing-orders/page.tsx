import type { Metadata } from "next";
import { NotARestaurant, StandingOrdersView } from "@/components/standing/standing-orders-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { listStandingOrders } from "@/lib/server/standing/standing-orders";

export const metadata: Metadata = { title: "Standing orders", robots: { index: false } };

export default async function StandingOrdersPage() {
  const user = await requireUser("/standing-orders");
  if (user.userType !== "restaurant") return <NotARestaurant />;
  const initial = await listStandingOrders(user).catch((error) => {
    console.error("[standing-orders] failed to load:", error);
    return null;
  });
  return <StandingOrdersView initial={initial} />;
}
