import { FarmSharesView } from "@/components/farm/shares-view";

/**
 * My Farm → Shares (docs/shares.md), prerendered: the plans, members and the week's box are read
 * from /api in the browser.
 */
export default function SharesPage() {
  return <FarmSharesView />;
}
