import { CartSheet } from "@/components/cart/cart-sheet";
import { Logo } from "@/components/marketing/logo";
import { LocationPicker } from "./location-picker";
import { MessagesButton } from "./messages-button";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";
import { ShopperOnly, WorkTitle } from "./work-chrome";

/**
 * Top header: location picker, search box, cart and messages badge buttons, user menu or Login.
 * Farm and ops screens have their own: their name and a way back to shopping, no location, search
 * or cart (./work-chrome.tsx).
 */
export function AppHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2 md:flex-nowrap md:gap-4 md:px-6">
        <Logo className="md:hidden [&_span]:sr-only" />
        <ShopperOnly>
          <LocationPicker className="max-w-[11rem] md:max-w-[14rem]" />
          <SearchBox className="order-last w-full md:order-none md:flex-1" />
        </ShopperOnly>
        <WorkTitle />
        <div className="ml-auto flex items-center gap-1">
          <ShopperOnly>
            <CartSheet />
          </ShopperOnly>
          <MessagesButton />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
