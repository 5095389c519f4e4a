import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ProfileHeader } from "@/components/profile/profile-header";
import { ProfileMenu } from "@/components/profile/profile-menu";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

export default async function ProfilePage() {
  // proxy.ts only checks that a cookie exists; the session itself is verified here.
  if (!(await getCurrentUser())) redirect("/auth?next=/profile");
  return (
    <div className="mx-auto grid max-w-xl gap-8">
      <ProfileHeader />
      <ProfileMenu />
    </div>
  );
}
