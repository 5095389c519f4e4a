import { Home, LogIn, MessageCircle, Package, User, Wallet, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; mobileLabel: string; icon: LucideIcon };

/** docs/product.md: the signed-in app's navigation; Messages is labelled Chat on the mobile tab bar. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/home", label: "Home", mobileLabel: "Home", icon: Home },
  { href: "/orders", label: "Orders", mobileLabel: "Orders", icon: Package },
  { href: "/messages", label: "Messages", mobileLabel: "Chat", icon: MessageCircle },
  { href: "/wallet", label: "Wallet", mobileLabel: "Wallet", icon: Wallet },
  { href: "/profile", label: "My Profile", mobileLabel: "Profile", icon: User },
];

/** Shown to visitors only, in place of My Profile. */
export const LOGIN_ITEM: NavItem = { href: "/auth", label: "Login", mobileLabel: "Login", icon: LogIn };

export const isActive = (pathname: string, href: string) => pathname === href || pathname.startsWith(href + "/");
