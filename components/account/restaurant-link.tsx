"use client";
import Link from "next/link";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useAuth } from "@/components/auth/auth-provider";

/** A link beside a page heading that only restaurants see (their invoices, their standing orders). */
export function RestaurantLink({
  href,
  icon: Icon,
  children,
}: {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (user?.userType !== "restaurant") return null;
  return (
    <Link
      href={href}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      <Icon aria-hidden className="h-4 w-4" />
      {children}
    </Link>
  );
}
