"use client";
import { SectionTabs } from "@/components/ui/section-tabs";

const LINKS = [
  { href: "/ops", label: "Today" },
  { href: "/ops/business", label: "Business accounts" },
  { href: "/ops/farms", label: "Farms" },
  { href: "/ops/people", label: "People" },
  { href: "/ops/payouts", label: "Payouts" },
  { href: "/ops/outboxes", label: "Outboxes" },
  { href: "/ops/waitlist", label: "Waitlist" },
  { href: "/ops/audit", label: "Audit log" },
];

/** The ops console's sections (they scroll sideways on a narrow screen: components/ui/section-tabs.tsx). */
export function OpsSubnav() {
  return <SectionTabs label="Ops console" links={LINKS} />;
}
