"use client";
import Link from "next/link";
import { LogOut, ReceiptText, Tractor, User } from "lucide-react";
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
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <User aria-hidden className="h-4 w-4" />
            My Profile
          </Link>
        </DropdownMenuItem>
        {user.userType === "restaurant" ? (
          <DropdownMenuItem asChild>
            <Link href="/invoices">
              <ReceiptText aria-hidden className="h-4 w-4" />
              Invoices
            </Link>
          </DropdownMenuItem>
        ) : null}
        {user.userType === "farmer" ? (
          <DropdownMenuItem asChild>
            <Link href="/my-farm">
              <Tractor aria-hidden className="h-4 w-4" />
              My Farm
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden className="h-4 w-4" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
