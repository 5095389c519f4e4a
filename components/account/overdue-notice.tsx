"use client";
import Link from "next/link";
import { AlertTriangle } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { useInvoices } from "@/lib/client/resources";
import { formatCents, sumDollarsInCents } from "@/lib/money";
import { formatDay } from "@/lib/format";

/**
 * A restaurant's statements past their due date, on Home and Wallet as well as under Invoices
 * (docs/restaurants.md, "Statements"), so a chef sees them without looking for them.
 */
export function OverdueNotice() {
  const { user } = useAuth();
  const { data } = useInvoices(user?.userType === "restaurant");
  const overdue = (data ?? []).filter((s) => s.status === "overdue" && s.due > 0);
  if (!overdue.length) return null;
  const oldest = overdue.reduce((a, b) => (a.dueDate <= b.dueDate ? a : b));
  const farms = [...new Set(overdue.map((s) => s.farm.farmName))];
  return (
    <section
      aria-label="Overdue statements"
      data-testid="overdue-notice"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <AlertTriangle aria-hidden className="h-5 w-5 shrink-0 text-red-700" />
      <p className="min-w-0 flex-1 text-sm text-ink">
        <span className="font-semibold">
          {overdue.length === 1
            ? "1 statement is overdue"
            : `${overdue.length} statements are overdue`}
          : {formatCents(sumDollarsInCents(overdue, (s) => s.due))}
        </span>{" "}
        to {farms.join(", ")}, due since {formatDay(oldest.dueDate)}.
      </p>
      <Link
        href="/invoices"
        className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
      >
        Pay now
      </Link>
    </section>
  );
}
