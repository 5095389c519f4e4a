import Link from "next/link";
import { DesktopNav } from "./desktop-nav";
import { OpenDialogButton } from "./dialogs";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <DesktopNav />
        <div className="flex items-center gap-2">
          {/* Not prefetched: the sign-in page's code (its toaster included) is not for every visitor. */}
          <Link
            href="/auth"
            prefetch={false}
            className="hidden rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-gray-100 md:inline-flex"
          >
            Sign in
          </Link>
          <OpenDialogButton kind="demo" size="sm" className="hidden md:inline-flex">
            Book a Demo
          </OpenDialogButton>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
