"use client";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { Logo } from "@/components/marketing/logo";
import { cn } from "@/lib/cn";
import { activeHref, navFor } from "./nav-items";
import { WithSearch } from "./with-search";
import { Icon } from "@/components/ui/icon";

const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/**
 * Which rail tooltip shows, timed as docs/product.md says: after 700 ms of hover, at once when
 * another closed less than 300 ms ago or on keyboard focus; a press or Esc hides it. The rail's
 * links carry their names themselves, so the tooltip is for sighted pointer users and is only
 * described-by while it shows. (Plain state rather than Radix Tooltip: the rail is on every
 * signed-in page, and Radix's popper would be in every first load for it.)
 */
function useRailTooltip() {
  const [shown, setShown] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const warmUntil = useRef(0);
  const set = useCallback((href: string | null) => {
    window.clearTimeout(timer.current);
    if (current.current && !href) warmUntil.current = Date.now() + SKIP_DELAY_MS;
    current.current = href;
    setShown(href);
  }, []);
  const hover = useCallback(
    (href: string) => {
      if (current.current || Date.now() < warmUntil.current) return set(href);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => set(href), DELAY_MS);
    },
    [set],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && set(null);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shown, set]);
  return { shown, hover, show: set, hide: () => set(null) };
}

/**
 * ≥768 px: a left rail; each icon carries its name beneath it and a tooltip (700 ms, skip 300 ms,
 * docs/product.md). A farm gets My Farm first, a restaurant Reorder, Standing orders and Invoices.
 */
export function NavRail() {
  return <WithSearch>{(search) => <Rail search={search} />}</WithSearch>;
}

function Rail({ search }: { search: string }) {
  const pathname = usePathname();
  const { user, status } = useAuth();
  const tooltip = useRailTooltip();
  const tipId = useId();
  const items = navFor(status, user?.userType, user?.staff).rail;
  const current = activeHref(items, pathname, search);
  return (
    <nav
      aria-label="Main"
      data-testid="nav-rail"
      className="fixed inset-y-0 left-0 z-30 hidden w-20 flex-col items-center gap-2 border-r border-gray-200 bg-white py-4 md:flex print:hidden"
    >
      <Logo className="mb-4 [&_span]:sr-only" />
      <ul className="flex flex-col items-center gap-1 overflow-y-auto">
        {items.map((item) => {
          const { href, label, icon } = item;
          const active = href === current;
          const shown = tooltip.shown === href;
          return (
            <li key={href} className="relative">
              <IntentLink
                href={href}
                aria-label={label}
                aria-current={active ? "page" : undefined}
                aria-describedby={shown ? tipId : undefined}
                onPointerEnter={() => tooltip.hover(href)}
                onPointerLeave={tooltip.hide}
                onPointerDown={tooltip.hide}
                onFocus={(e) => e.currentTarget.matches(":focus-visible") && tooltip.show(href)}
                onBlur={tooltip.hide}
                className={cn(
                  "flex min-h-12 w-16 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-1.5 text-center text-[11px] leading-tight font-medium transition-colors",
                  active
                    ? "bg-brand-700 text-white"
                    : "text-muted hover:bg-brand-50 hover:text-brand-800",
                )}
              >
                <Icon name={icon} className="h-5 w-5" />
                <span aria-hidden>{label}</span>
              </IntentLink>
              {shown ? (
                <span
                  role="tooltip"
                  id={tipId}
                  className="pointer-events-none absolute top-1/2 left-full z-50 ml-2 -translate-y-1/2 rounded-md bg-ink px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow data-[state=open]:animate-fade-in"
                  data-state="open"
                >
                  <span
                    aria-hidden
                    className="absolute top-1/2 -left-1 h-2 w-2 -translate-y-1/2 rotate-45 bg-ink"
                  />
                  {label}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
