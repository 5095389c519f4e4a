import type { Metadata } from "next";
import { BusinessAccountPage } from "@/components/profile/business-account";

export const metadata: Metadata = { title: "Business account", robots: { index: false } };

/** Profile → Business account, prerendered: the application comes from /api in the browser. */
export default function Page() {
  return <BusinessAccountPage />;
}
