"use client";
import Link from "next/link";
import { LogOut, ReceiptText, Tractor, User } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { useSignOut } from "@/components/auth/use-sign-out";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { initials } from "@/lib/format";

/** The user menu (full name, email, My Profile, Invoices for restaurants, My Farm for farmers, Logout) or, for visitors, a Login button. */
export function UserMenu() {
  const { user, status } = useAuth();
  const { signOut } = useSignOut();

  // Until /api/user answers: the avatar's place, so nothing moves when it arrives.
  if (status === "loading") return <span data-testid="user-menu-pending" className="block h-9 w-9 rounded-full bg-gray-100" />;
  if (!user) {
    return (
      <Button asChild size="sm">
        <Link href="/auth">Login</Link>
      </Button>
    );
  }

  return (
    // Non-modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe aria-hidden-focus). Esc, outside clicks and focus return work the same.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger data-testid="user-menu" className="rounded-full">
        <span className="sr-only">Account menu for {user.fullName}</span>
        <span aria-hidden>
          <Avatar src={user.profileImage || null} initials={initials(user.fullName)} />
        </span>
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
