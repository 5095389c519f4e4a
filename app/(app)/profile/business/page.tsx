import type { Metadata } from "next";
import { BusinessAccountView } from "@/components/profile/business-account";
import { ProfileSubpage } from "@/components/profile/profile-subpage";
import { requireUser } from "@/lib/server/auth/current-user";
import { getBusinessAccount } from "@/lib/server/business/accounts";

export const metadata: Metadata = { title: "Business account", robots: { index: false } };

export default async function BusinessAccountPage() {
  const user = await requireUser("/profile/business");
  const application = await getBusinessAccount(user.id);
  return (
    <ProfileSubpage title="Business account" description="Buy for your restaurant: restaurant prices, cases, standing orders and paying on account.">
      <BusinessAccountView application={application} userType={user.userType} />
    </ProfileSubpage>
  );
}
