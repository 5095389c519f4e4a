"use client";
import { SectionTabs } from "@/components/ui/section-tabs";

const LINKS = [
  { href: "/my-farm", label: "Today" },
  { href: "/my-farm/orders", label: "Orders & sales" },
  { href: "/my-farm/products", label: "Products" },
  { href: "/my-farm/fulfilment", label: "Fulfilment" },
  { href: "/my-farm/pack-list", label: "Pack list" },
  { href: "/my-farm/shares", label: "Shares" },
  { href: "/my-farm/hubs", label: "Hubs" },
  { href: "/my-farm/customers", label: "Customers" },
  { href: "/my-farm/payouts", label: "Payouts" },
  { href: "/my-farm/reports", label: "Reports" },
  { href: "/my-farm/profile", label: "Farm profile" },
];

/** My Farm's section tabs (they scroll sideways on a narrow screen: components/ui/section-tabs.tsx). */
export function FarmSubnav() {
  return <SectionTabs label="My Farm" links={LINKS} />;
}
