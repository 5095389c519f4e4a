import type { Metadata } from "next";
import { NotificationSettings } from "@/components/profile/notification-preferences";

export const metadata: Metadata = { title: "Notifications", robots: { index: false } };

/** Profile → Notification, prerendered: the switches come from /api in the browser. */
export default function NotificationsPage() {
  return <NotificationSettings />;
}
