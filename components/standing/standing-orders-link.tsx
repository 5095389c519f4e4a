"use client";
import Link from "next/link";
import { Repeat } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";

/** "Standing orders" next to the Orders heading, for restaurants only. */
export function StandingOrdersLink() {
  const { user } = useAuth();
  if (user?.userType !== "restaurant") return null;
  return (
    <Link
      href="/standing-orders"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      <Repeat aria-hidden className="h-4 w-4" />
      Standing orders
    </Link>
  );
}
