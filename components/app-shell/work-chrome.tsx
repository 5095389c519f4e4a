"use client";
import { usePathname } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { IntentLink } from "@/components/ui/intent-link";
import { Icon } from "@/components/ui/icon";
import { useMyFarm } from "@/lib/client/resources";

/** The screens that are work, not shopping (docs/product.md, "Routes and shells"). */
export function workAreaOf(pathname: string): "farm" | "ops" | null {
  if (pathname === "/my-farm" || pathname.startsWith("/my-farm/")) return "farm";
  if (pathname === "/ops" || pathname.startsWith("/ops/")) return "ops";
  return null;
}

/** The shopper's header pieces (location, search, cart): left out on farm and ops screens. */
export function ShopperOnly({ children }: { children: React.ReactNode }) {
  return workAreaOf(usePathname()) ? null : children;
}

/**
 * On farm and ops screens, in the shopper's pieces' place: whose screens these are (the farm's
 * name, or "Ops") and the way back to shopping. The farm is the one My Farm's frame reads
 * (components/farm/my-farm-frame.tsx), so SWR asks /api/my-farm once for both.
 */
export function WorkTitle() {
  const area = workAreaOf(usePathname());
  const { user } = useAuth();
  const farmer = area === "farm" && user?.userType === "farmer";
  const farm = useMyFarm(farmer);
  if (!area) return null;
  const name = area === "ops" ? "Ops" : (farm.data?.farmName ?? "My Farm");
  return (
    <>
      <p
        data-testid="work-title"
        className="min-w-0 truncate text-base font-bold text-ink md:text-lg"
      >
        {name}
      </p>
      <IntentLink
        href="/home"
        data-testid="back-to-shopping"
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <Icon name="shopping-basket" className="h-5 w-5" />
        <span className="md:hidden">Shop</span>
        <span className="hidden md:inline">Back to shopping</span>
      </IntentLink>
    </>
  );
}
