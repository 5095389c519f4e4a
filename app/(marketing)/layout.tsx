import type { ReactNode } from "react";
import { MarketingDialogs } from "@/components/marketing/dialogs";
import { ScrollToTop } from "@/components/marketing/scroll-to-top";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";
import { LazyToaster } from "@/components/ui/lazy-toaster";

/** The public site: static pages sharing the header (with its dialogs), the footer and scroll-to-top. */
export default function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <MarketingDialogs>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
      <ScrollToTop />
      <LazyToaster />
    </MarketingDialogs>
  );
}
