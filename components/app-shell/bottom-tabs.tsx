"use client";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { cn } from "@/lib/cn";
import { activeHref, navFor, type NavItem } from "./nav-items";
import { WithSearch } from "./with-search";
import { Icon } from "@/components/ui/icon";

const TAB_CLASS =
  "flex min-h-14 w-full flex-col items-center justify-center gap-0.5 text-xs font-medium";

/**
 * <768 px: the bottom tab bar. Shoppers get Home, Orders, Chat, Wallet, Profile; a farm its day
 * (Today, Pack, Products, Customers) and a restaurant Home, Reorder, Standing, Invoices, each
 * with a More menu of the rest (docs/product.md, "Each role's way in").
 */
export function BottomTabs() {
  return <WithSearch>{(search) => <TabBar search={search} />}</WithSearch>;
}

function TabBar({ search }: { search: string }) {
  const pathname = usePathname();
  const { user, status } = useAuth();
  const { tabs, more } = navFor(status, user?.userType, user?.staff);
  const current = activeHref([...tabs, ...more], pathname, search);
  return (
    <nav
      aria-label="Main"
      data-testid="tab-bar"
      data-toast-clear
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden print:hidden"
    >
      <ul className="grid grid-cols-5">
        {tabs.map((item) => (
          <li key={item.href}>
            <NavItemLink
              item={item}
              active={item.href === current}
              className={TAB_CLASS}
              activeClass="text-brand-700"
              idleClass="text-muted hover:text-ink"
            >
              {item.mobileLabel}
            </NavItemLink>
          </li>
        ))}
        {more.length ? (
          <li>
            <MoreMenu items={more} current={current} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The last tab: a disclosure listing the role's other items above the bar; Esc or a tap outside closes it. */
function MoreMenu({ items, current }: { items: NavItem[]; current: string | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const active = items.some((item) => item.href === current);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onDown = (e: PointerEvent) =>
      root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  return (
    <div ref={root}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(TAB_CLASS, active || open ? "text-brand-700" : "text-muted hover:text-ink")}
      >
        <Icon name="ellipsis" className="h-5 w-5" />
        More
      </button>
      {open ? (
        <ul
          id={id}
          className="absolute right-2 bottom-full mb-2 grid min-w-48 gap-1 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.href}>
              <NavItemLink
                item={item}
                active={item.href === current}
                onClick={() => setOpen(false)}
                className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium"
                activeClass="bg-brand-50 text-brand-800"
                idleClass="text-ink hover:bg-brand-50"
              >
                {item.label}
              </NavItemLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A nav item's icon link, marked as the current page (and styled `activeClass`) inside its section. */
function NavItemLink({
  item,
  active,
  className,
  activeClass,
  idleClass,
  onClick,
  children,
}: {
  item: NavItem;
  active: boolean;
  className: string;
  activeClass: string;
  idleClass: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <IntentLink
      href={item.href}
      aria-current={active ? "page" : undefined}
      onClick={onClick}
      className={cn(className, active ? activeClass : idleClass)}
    >
      <Icon name={item.icon} className="h-5 w-5" />
      {children}
    </IntentLink>
  );
}
