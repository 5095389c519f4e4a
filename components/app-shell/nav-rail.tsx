"use client";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { Tooltip } from "radix-ui";
import { useAuth } from "@/components/auth/auth-provider";
import { MY_FARM_NAV_ITEM } from "@/components/farm/my-farm-nav-link";
import { Logo } from "@/components/marketing/logo";
import { cn } from "@/lib/cn";
import { isActive, LOGIN_ITEM, NAV_ITEMS } from "./nav-items";
import { Icon } from "@/components/ui/icon";

/** ≥768 px: a left icon rail; each icon has an accessible name and a tooltip (700 ms, skip 300 ms, docs/product.md). */
export function NavRail() {
  const pathname = usePathname();
  const { user, status } = useAuth();
  // Farm accounts also get My Farm (the mobile tab bar stays at the spec's five; the user menu carries it there).
  // While /api/user is on its way the signed-in items show (most visitors of the app are).
  const items = status === "signed-out" ? [...NAV_ITEMS.slice(0, 4), LOGIN_ITEM] : user?.userType === "farmer" ? [...NAV_ITEMS, MY_FARM_NAV_ITEM] : NAV_ITEMS;
  return (
    <nav aria-label="Main" data-testid="nav-rail" className="fixed inset-y-0 left-0 z-30 hidden w-20 flex-col items-center gap-2 border-r border-gray-200 bg-white py-4 md:flex print:hidden">
      <Logo className="mb-4 [&_span]:sr-only" />
      <ul className="flex flex-col items-center gap-2">
        {items.map(({ href, label, icon }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href}>
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <IntentLink
                    href={href}
                    aria-label={label}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex h-12 w-12 items-center justify-center rounded-xl transition-colors",
                      active ? "bg-brand-700 text-white" : "text-muted hover:bg-brand-50 hover:text-brand-800",
                    )}
                  >
                    <Icon name={icon} className="h-6 w-6" />
                  </IntentLink>
                </Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content side="right" sideOffset={8} className="z-50 rounded-md bg-ink px-2.5 py-1.5 text-xs font-medium text-white shadow">
                    {label}
                    <Tooltip.Arrow className="fill-ink" />
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
