import type { IconName } from "@/components/ui/icon-names";
import type { PublicUser } from "@/lib/contracts/session";

/**
 * `exact`: active on `href`'s path only, not on the pages below it (My Farm's Today is not active
 * on its Pack list). An `href` with a query is active where the address carries that query.
 */
export type NavItem = {
  href: string;
  label: string;
  mobileLabel: string;
  icon: IconName;
  exact?: boolean;
};

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

const MY_FARM: NavItem = {
  href: "/my-farm",
  label: "My Farm",
  mobileLabel: "Today",
  icon: "tractor",
  exact: true,
};

/** A farm's phone tabs (docs/product.md, "Each role's way in"); More holds the buyer's items. */
export const FARM_TABS: NavItem[] = [
  MY_FARM,
  { href: "/my-farm/pack-list", label: "Pack list", mobileLabel: "Pack", icon: "package" },
  { href: "/my-farm/products", label: "Products", mobileLabel: "Products", icon: "sprout" },
  { href: "/my-farm/customers", label: "Customers", mobileLabel: "Customers", icon: "users" },
];

const REORDER: NavItem = {
  href: "/orders?tab=completed",
  label: "Reorder",
  mobileLabel: "Reorder",
  icon: "repeat",
};
const STANDING: NavItem = {
  href: "/standing-orders",
  label: "Standing orders",
  mobileLabel: "Standing",
  icon: "calendar-clock",
};
const INVOICES: NavItem = {
  href: "/invoices",
  label: "Invoices",
  mobileLabel: "Invoices",
  icon: "receipt-text",
};

/** Staff only (docs/operations.md): last on the rail, last in the phone's More menu. */
export const OPS_ITEM: NavItem = {
  href: "/ops",
  label: "Ops",
  mobileLabel: "Ops",
  icon: "shield-check",
};

export type RoleNav = {
  /** The desktop rail, every item labelled. */
  rail: NavItem[];
  /** The phone tab bar; with `more`, its last slot is a More menu of those items. */
  tabs: NavItem[];
  more: NavItem[];
};

/**
 * Each role's own way in (docs/product.md): shoppers keep the five items; a farm gets My Farm's
 * day on its phone tabs and My Farm first on the rail; a restaurant gets Reorder, Standing orders
 * and Invoices one tap away. While /api/user is on its way the shopper's items show.
 */
export function navFor(
  status: "loading" | "signed-in" | "signed-out",
  userType?: PublicUser["userType"],
  staff = false,
): RoleNav {
  const nav = roleNav(status, userType);
  if (status !== "signed-in" || !staff) return nav;
  // Staff get the ops console's link; a shopper's fifth tab moves into More to make room.
  const rail = [...nav.rail, OPS_ITEM];
  if (nav.more.length) return { rail, tabs: nav.tabs, more: [...nav.more, OPS_ITEM] };
  return { rail, tabs: nav.tabs.slice(0, 4), more: [...nav.tabs.slice(4), OPS_ITEM] };
}

function roleNav(
  status: "loading" | "signed-in" | "signed-out",
  userType?: PublicUser["userType"],
): RoleNav {
  if (status === "signed-out") {
    const items = [...NAV_ITEMS.slice(0, 4), LOGIN_ITEM];
    return { rail: items, tabs: items, more: [] };
  }
  if (userType === "farmer")
    return { rail: [MY_FARM, ...NAV_ITEMS], tabs: FARM_TABS, more: NAV_ITEMS };
  if (userType === "restaurant") {
    const [home, orders, ...rest] = NAV_ITEMS;
    return {
      rail: [home, orders, REORDER, STANDING, INVOICES, ...rest],
      tabs: [home, REORDER, STANDING, INVOICES],
      more: [orders, ...rest],
    };
  }
  return { rail: NAV_ITEMS, tabs: NAV_ITEMS, more: [] };
}

export const isActive = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(href + "/");

/**
 * The one item the address belongs to, if any: an item whose query the address carries (Reorder,
 * /orders?tab=completed) wins over one that matches the path alone (Orders), so two are never
 * highlighted at once.
 */
export function activeHref(
  items: readonly NavItem[],
  pathname: string,
  search: string,
): string | undefined {
  const params = new URLSearchParams(search);
  const byQuery = items.find((item) => {
    const [path, query] = item.href.split("?");
    return (
      query !== undefined &&
      pathname === path &&
      [...new URLSearchParams(query)].every(([k, v]) => params.get(k) === v)
    );
  });
  if (byQuery) return byQuery.href;
  return items.find(
    (item) =>
      !item.href.includes("?") &&
      (item.exact ? pathname === item.href : isActive(pathname, item.href)),
  )?.href;
}
