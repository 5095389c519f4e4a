"use client";
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
  { href: "/my-farm/profile", label: "Farm profile" },
];

export function FarmSubnav() {
  const pathname = usePathname();
  return (
    <nav aria-label="My Farm" className="-mx-1 overflow-x-auto print:hidden">
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
  );
}
