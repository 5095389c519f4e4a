import type { IconName } from "@/components/ui/icon-names";

export type NavItem = { href: string; label: string; mobileLabel: string; icon: IconName };

/** docs/product.md: the signed-in app's navigation; Messages is labelled Chat on the mobile tab bar. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/home", label: "Home", mobileLabel: "Home", icon: "house" },
  { href: "/orders", label: "Orders", mobileLabel: "Orders", icon: "package" },
  { href: "/messages", label: "Messages", mobileLabel: "Chat", icon: "message-circle" },
  { href: "/wallet", label: "Wallet", mobileLabel: "Wallet", icon: "wallet" },
  { href: "/profile", label: "My Profile", mobileLabel: "Profile", icon: "user" },
];

/** Shown to visitors only, in place of My Profile. */
export const LOGIN_ITEM: NavItem = {
  href: "/auth",
  label: "Login",
  mobileLabel: "Login",
  icon: "log-in",
};

export const isActive = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(href + "/");
