import type { Metadata } from "next";
import { ProfileHeader } from "@/components/profile/profile-header";
import { ProfileMenu } from "@/components/profile/profile-menu";
import { requireUser } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

export default async function ProfilePage() {
  await requireUser("/profile");
  return (
    <div className="mx-auto grid max-w-xl gap-8">
      <ProfileHeader />
      <ProfileMenu />
    </div>
  );
}
