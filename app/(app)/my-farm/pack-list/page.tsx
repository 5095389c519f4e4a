import { Suspense } from "react";
import { PackListLoading, PackListScreen } from "@/components/farm/pack-list-screen";

/**
 * My Farm → Pack list (?date=YYYY-MM-DD; by default the next day with orders, else today),
 * prerendered: the day is read from /api/my-farm/pack-list in the browser (docs/architecture.md,
 * "Pages").
 */
export default function PackListPage() {
  return (
    <Suspense fallback={<PackListLoading />}>
      <PackListScreen />
    </Suspense>
  );
}
