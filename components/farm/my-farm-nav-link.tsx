"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { cn } from "@/lib/cn";
import { Icon } from "@/components/ui/icon";

/** A "My Farm" link that renders only for farm accounts (drop-in for a menu or header). */
export function MyFarmNavLink({ className }: { className?: string }) {
  const { user } = useAuth();
  const pathname = usePathname();
  if (user?.userType !== "farmer") return null;
  const active = pathname === "/my-farm" || pathname.startsWith("/my-farm/");
  return (
    <Link
      href="/my-farm"
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50",
        className,
      )}
    >
      <Icon name="tractor" className="h-5 w-5" />
      My Farm
    </Link>
  );
}
