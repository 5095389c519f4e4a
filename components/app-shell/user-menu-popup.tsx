"use client";
import Link from "next/link";
import { LogOut, ReceiptText, Tractor, User, type LucideIcon } from "lucide-react";
import { useSignOut } from "@/components/auth/use-sign-out";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { PublicUser } from "@/lib/contracts/session";

/** The menu's links, in order; `only` shows one to that kind of account alone. */
const ACCOUNT_LINKS: {
  href: string;
  label: string;
  icon: LucideIcon;
  only?: PublicUser["userType"];
}[] = [
  { href: "/profile", label: "My Profile", icon: User },
  { href: "/invoices", label: "Invoices", icon: ReceiptText, only: "restaurant" },
  { href: "/my-farm", label: "My Farm", icon: Tractor, only: "farmer" },
];

export type UserMenuPopupProps = { user: PublicUser; face: React.ReactNode };

/**
 * The user menu itself (a Radix DropdownMenu), loaded on demand by the header's account button
 * (user-menu.tsx) and mounted open in its place when that button is pressed.
 */
export function UserMenuPopup({ user, face }: UserMenuPopupProps) {
  const { signOut } = useSignOut();
  return (
    // Non-modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe aria-hidden-focus). Esc, outside clicks and focus return work the same.
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className="flex h-9 w-9 items-center justify-center rounded-full"
      >
        {face}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-semibold text-ink">{user.fullName}</span>
          <span className="block truncate text-xs text-muted">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_LINKS.filter((l) => !l.only || l.only === user.userType).map((l) => (
          <DropdownMenuItem key={l.href} asChild>
            <Link href={l.href}>
              <l.icon aria-hidden className="h-4 w-4" />
              {l.label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden className="h-4 w-4" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
