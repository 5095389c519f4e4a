"use client";
import Link from "next/link";
import {
  Accessibility,
  Bell,
  Briefcase,
  ChevronRight,
  CreditCard,
  Globe,
  Heart,
  LogOut,
  MapPin,
  ShieldCheck,
  Tag,
  User,
  type LucideIcon,
} from "lucide-react";
import { useSignOut } from "@/components/auth/use-sign-out";
import { IconCircle } from "@/components/ui/icon-circle";
import { toast } from "@/components/ui/use-toast";

const ITEMS: { label: string; Icon: LucideIcon; value?: string; href?: string }[] = [
  { label: "Favorite Restaurants", Icon: Heart },
  { label: "Special Offers and Promo", Icon: Tag },
  { label: "Payment Methods", Icon: CreditCard },
  { label: "Profile", Icon: User },
  { label: "Address", Icon: MapPin, href: "/profile/address" },
  { label: "Business account", Icon: Briefcase, href: "/profile/business" },
  { label: "Notification", Icon: Bell, href: "/profile/notifications" },
  { label: "Security", Icon: ShieldCheck, href: "/profile/security" },
  { label: "Language", Icon: Globe, value: "English (US)" },
  { label: "Accessibility", Icon: Accessibility },
];

const row =
  "flex min-h-14 w-full items-center gap-3 px-4 text-left transition-colors hover:bg-gray-50";

/** The profile menu of docs/product.md: Address opens the address book, Business account the application (docs/restaurants.md), Notification the email switches (docs/notifications.md); the other items but Logout are announced as coming soon. */
export function ProfileMenu() {
  const { signOut: onLogout, busy } = useSignOut();

  return (
    <nav
      aria-label="Profile menu"
      className="overflow-hidden rounded-2xl border border-gray-200 bg-white"
    >
      <ul className="divide-y divide-gray-100">
        {ITEMS.map(({ label, Icon, value, href }) => {
          const inner = (
            <>
              <IconCircle icon={Icon} className="h-9 w-9 bg-brand-50 text-brand-800" />
              <span className="flex-1 font-medium text-ink">{label}</span>
              {value ? <span className="text-sm text-muted">{value}</span> : null}
              <ChevronRight aria-hidden className="h-4 w-4 text-muted" />
            </>
          );
          return (
            <li key={label}>
              {href ? (
                <Link href={href} className={row}>
                  {inner}
                </Link>
              ) : (
                <button
                  type="button"
                  className={row}
                  onClick={() =>
                    toast({
                      title: "Feature Coming Soon",
                      description: `The ${label} option will be available soon`,
                    })
                  }
                >
                  {inner}
                </button>
              )}
            </li>
          );
        })}
        <li>
          <button type="button" className={row} onClick={onLogout} disabled={busy}>
            <IconCircle icon={LogOut} className="h-9 w-9 bg-red-50 text-red-700" />
            <span className="flex-1 font-medium text-red-700">
              {busy ? "Logging out..." : "Logout"}
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
