import type { Metadata } from "next";
import { BusinessView } from "@/components/ops/business-view";

export const metadata: Metadata = { title: "Business accounts · Ops console" };

export default function Page() {
  return <BusinessView />;
}
