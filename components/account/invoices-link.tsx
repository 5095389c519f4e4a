"use client";
import Link from "next/link";
import { ReceiptText } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";

/** "Invoices" beside the Wallet heading, for restaurants only (docs/restaurants.md, "Statements"). */
export function InvoicesLink() {
  const { user } = useAuth();
  if (user?.userType !== "restaurant") return null;
  return (
    <Link
      href="/invoices"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      <ReceiptText aria-hidden className="h-4 w-4" />
      Invoices
    </Link>
  );
}
