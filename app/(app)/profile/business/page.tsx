import type { Metadata } from "next";
import Link from "next/link";
import { ChevronLeft } from "lucide-react";
import { BusinessAccountView } from "@/components/profile/business-account";
import { requireUser } from "@/lib/server/auth/current-user";
import { getBusinessAccount } from "@/lib/server/business/accounts";

export const metadata: Metadata = { title: "Business account", robots: { index: false } };

export default async function BusinessAccountPage() {
  const user = await requireUser("/profile/business");
  const application = await getBusinessAccount(user.id);
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <Link href="/profile" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ChevronLeft aria-hidden className="h-4 w-4" /> Profile
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-ink">Business account</h1>
        <p className="mt-1 text-sm text-muted">Buy for your restaurant: restaurant prices, cases, standing orders and paying on account.</p>
      </div>
      <BusinessAccountView application={application} userType={user.userType} />
    </div>
  );
}
