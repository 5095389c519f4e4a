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
          <OpenDialogButton kind="demo" size="sm" className="hidden md:inline-flex">
            Book a Demo
          </OpenDialogButton>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
