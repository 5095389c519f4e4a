import type { Metadata } from "next";
import { NotificationPreferences } from "@/components/profile/notification-preferences";
import { ProfileSubpage } from "@/components/profile/profile-subpage";
import { requireUser } from "@/lib/server/auth/current-user";
import { getPreferences } from "@/lib/server/notifications/preferences";
import { kindsFor } from "@/lib/validators/notifications";

export const metadata: Metadata = { title: "Notifications", robots: { index: false } };

export default async function NotificationsPage() {
  const user = await requireUser("/profile/notifications");
  const preferences = await getPreferences(user.id);
  return (
    <ProfileSubpage title="Notifications" description={`Choose which emails we send to ${user.email}.`}>
      <NotificationPreferences kinds={kindsFor(user.userType)} initial={preferences.email} />
    </ProfileSubpage>
  );
}
