"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";

const LINKS = [
  { href: "/my-farm", label: "Orders & sales" },
  { href: "/my-farm/products", label: "Products" },
  { href: "/my-farm/fulfilment", label: "Fulfilment" },
  { href: "/my-farm/pack-list", label: "Pack list" },
  { href: "/my-farm/customers", label: "Customers" },
  { href: "/my-farm/payouts", label: "Payouts" },
  { href: "/my-farm/reports", label: "Reports" },
  { href: "/my-farm/profile", label: "Farm profile" },
];

/**
 * My Farm's section tabs. On a narrow screen they scroll sideways: a fade on each clipped edge says
 * so, and the active tab is scrolled into view when a page opens (docs/product.md, "Each role's way in").
 */
export function FarmSubnav() {
  const pathname = usePathname();
  const scroller = useRef<HTMLElement>(null);
  const [clipped, setClipped] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // 1 px of slack: fractional widths leave scrollLeft a hair short of the end.
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setClipped((c) => (c.start === start && c.end === end ? c : { start, end }));
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // scroll-px-2 on the strip counts its padding, so the last tab scrolls fully to the end.
    el.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({
      inline: "nearest",
      block: "nearest",
    });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [pathname, measure]);
  return (
    <div className="relative min-w-0 print:hidden">
      <nav
        ref={scroller}
        aria-label="My Farm"
        onScroll={measure}
        className="-mx-1 scroll-px-2 overflow-x-auto"
      >
        <ul className="flex min-w-max gap-1 rounded-xl bg-brand-50 p-1">
          {LINKS.map(({ href, label }) => {
            const active =
              href === "/my-farm"
                ? pathname === href
                : pathname === href || pathname.startsWith(href + "/");
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold",
                    active ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink",
                  )}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {clipped.start ? (
        <span
          aria-hidden
          data-testid="subnav-fade-start"
          className="pointer-events-none absolute inset-y-0 -left-1 w-8 bg-gradient-to-r from-white to-transparent"
        />
      ) : null}
      {clipped.end ? (
        <span
          aria-hidden
          data-testid="subnav-fade-end"
          className="pointer-events-none absolute inset-y-0 -right-1 w-8 bg-gradient-to-l from-white to-transparent"
        />
      ) : null}
    </div>
  );
}
