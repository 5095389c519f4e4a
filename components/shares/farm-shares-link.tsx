"use client";
import Link from "next/link";
import { Package } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";

/** "Farm shares" next to the Orders heading, for buyers (a farm's own shares are on My Farm). */
export function FarmSharesLink() {
  const { user } = useAuth();
  if (!user || user.userType === "farmer") return null;
  return (
    <Link
      href="/shares"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      <Package aria-hidden className="h-4 w-4" />
      Farm shares
    </Link>
  );
}
