"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";

const LINKS = [
  { href: "/ops", label: "Today" },
  { href: "/ops/business", label: "Business accounts" },
  { href: "/ops/people", label: "People" },
  { href: "/ops/payouts", label: "Payouts" },
  { href: "/ops/outboxes", label: "Outboxes" },
  { href: "/ops/audit", label: "Audit log" },
];

/** The ops console's sections; they scroll sideways on a narrow screen. */
export function OpsSubnav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Ops console" className="-mx-1 min-w-0 overflow-x-auto">
      <ul className="flex min-w-max gap-1 rounded-xl bg-brand-50 p-1">
        {LINKS.map(({ href, label }) => {
          const active = href === "/ops" ? pathname === href : pathname.startsWith(href);
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
  );
}
