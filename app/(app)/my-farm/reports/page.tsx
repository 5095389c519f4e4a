import type { Metadata } from "next";
import { Suspense } from "react";
import { ReportsPage as ReportsScreen, ReportsLoading } from "@/components/farm/reports-view";

export const metadata: Metadata = { title: "Reports", robots: { index: false } };

/** My Farm → Reports (docs/money.md, "Reports"), prerendered: the period and the figures are read in the browser. */
export default function ReportsPage() {
  return (
    <Suspense fallback={<ReportsLoading />}>
      <ReportsScreen />
    </Suspense>
  );
}
