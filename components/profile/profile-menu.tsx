"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Accessibility, Bell, ChevronRight, CreditCard, Globe, Heart, LogOut, MapPin, ShieldCheck, Tag, User, type LucideIcon } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { toast } from "@/components/ui/use-toast";
import { messageOf } from "@/lib/client/api";

const ITEMS: { label: string; Icon: LucideIcon; value?: string }[] = [
  { label: "Favorite Restaurants", Icon: Heart },
  { label: "Special Offers and Promo", Icon: Tag },
  { label: "Payment Methods", Icon: CreditCard },
  { label: "Profile", Icon: User },
  { label: "Address", Icon: MapPin },
  { label: "Notification", Icon: Bell },
  { label: "Security", Icon: ShieldCheck },
  { label: "Language", Icon: Globe, value: "English (US)" },
  { label: "Accessibility", Icon: Accessibility },
];

const row = "flex min-h-14 w-full items-center gap-3 px-4 text-left transition-colors hover:bg-gray-50";

/** The profile menu of docs/product.md: every item but Logout is announced as coming soon. */
export function ProfileMenu() {
  const { logout } = useAuth();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
      toast({ title: "Logged out successfully", description: "You have been logged out of your account" });
      router.push("/auth");
      router.refresh();
    } catch (e) {
      toast({ title: "Logout failed", description: messageOf(e, e instanceof Error ? e.message : "Please try again"), variant: "destructive" });
      setBusy(false);
    }
  };

  return (
    <nav aria-label="Profile menu" className="overflow-hidden rounded-2xl border border-gray-200 bg-white">
      <ul className="divide-y divide-gray-100">
        {ITEMS.map(({ label, Icon, value }) => (
          <li key={label}>
            <button
              type="button"
              className={row}
              onClick={() => toast({ title: "Feature Coming Soon", description: `The ${label} option will be available soon` })}
            >
              <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
                <Icon className="h-5 w-5" />
              </span>
              <span className="flex-1 font-medium text-ink">{label}</span>
              {value ? <span className="text-sm text-muted">{value}</span> : null}
              <ChevronRight aria-hidden className="h-4 w-4 text-muted" />
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={row} onClick={onLogout} disabled={busy}>
            <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
              <LogOut className="h-5 w-5" />
            </span>
            <span className="flex-1 font-medium text-red-700">{busy ? "Logging out..." : "Logout"}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
