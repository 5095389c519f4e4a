import type { Metadata } from "next";
import { ProfileHeader } from "@/components/profile/profile-header";
import { ProfileMenu } from "@/components/profile/profile-menu";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

/** /profile, prerendered: the header shows the session user once /api/user has answered. */
export default function ProfilePage() {
  return (
    <div className="mx-auto grid max-w-xl gap-8">
      <ProfileHeader />
      <ProfileMenu />
    </div>
  );
}
