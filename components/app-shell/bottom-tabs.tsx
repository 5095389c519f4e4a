"use client";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { cn } from "@/lib/cn";
import { isActive, LOGIN_ITEM, NAV_ITEMS } from "./nav-items";
import { Icon } from "@/components/ui/icon";

/** <768 px: the bottom tab bar Home, Orders, Chat, Wallet, Profile. */
export function BottomTabs() {
  const pathname = usePathname();
  const { status } = useAuth();
  // While /api/user is on its way the signed-in items show (most visitors of the app are).
  const items = status === "signed-out" ? [...NAV_ITEMS.slice(0, 4), LOGIN_ITEM] : NAV_ITEMS;
  return (
    <nav
      aria-label="Main"
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden print:hidden"
    >
      <ul className="grid grid-cols-5">
        {items.map(({ href, mobileLabel, icon }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href}>
              <IntentLink
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium",
                  active ? "text-brand-700" : "text-muted hover:text-ink",
                )}
              >
                <Icon name={icon} className="h-5 w-5" />
                {mobileLabel}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
