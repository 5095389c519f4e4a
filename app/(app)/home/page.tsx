import type { Metadata } from "next";
import { OverdueNotice } from "@/components/account/overdue-notice";
import { HarvestBanner } from "@/components/catalog/harvest-banner";
import { HomeFeed, HomeGreeting } from "@/components/catalog/home-feed";

export const metadata: Metadata = { title: "Home", robots: { index: false } };

/**
 * /home, prerendered: the banner and the shell are in the HTML; the greeting, the categories and
 * each section come from /api in the browser (docs/architecture.md, "Pages").
 */
export default function HomePage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <HomeGreeting />
      <OverdueNotice />
      <HarvestBanner />
      {/* The URL's ?category= is known in the browser only: the prerendered HTML has the unfiltered skeletons. */}
      <HomeFeed />
    </div>
  );
}
