"use client";
import { useState } from "react";
import Link from "next/link";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { onDemand, preloadOnReach, useOnDemand } from "@/components/ui/on-demand";

const menu = onDemand(() => import("./user-menu-popup").then((m) => m.UserMenuPopup));

/**
 * The user menu (full name, email, My Profile, Invoices for restaurants, My Farm for farmers,
 * Logout) or, for visitors, a Login button. Until someone opens it, the account button is a plain
 * button; the menu (a Radix DropdownMenu) is fetched when someone reaches for it and takes the
 * button's place, open, when they press it (ui/on-demand.ts).
 */
export function UserMenu() {
  const { user, status } = useAuth();
  const { Component: Menu, open } = useOnDemand(menu);
  // The menu takes the button's place only once pressed (it mounts open); loaded earlier, it waits.
  const [pressed, setPressed] = useState(false);

  // Until /api/user answers: the avatar's place, so nothing moves when it arrives.
  if (status === "loading")
    return (
      <span data-testid="user-menu-pending" className="block h-9 w-9 rounded-full bg-gray-100" />
    );
  if (!user) {
    return (
      <Button asChild size="sm">
        <Link href="/auth">Login</Link>
      </Button>
    );
  }

  const face = (
    <>
      <span className="sr-only">Account menu for {user.fullName}</span>
      <span aria-hidden>
        <Avatar person={user} />
      </span>
    </>
  );
  if (Menu && pressed) return <Menu user={user} face={face} />;
  return (
    <button
      type="button"
      data-testid="user-menu"
      aria-haspopup="menu"
      aria-expanded={false}
      {...preloadOnReach(menu)}
      onClick={async () => setPressed(await open())}
      onKeyDown={(e) => {
        // As the menu's own button does: the arrow opens it too.
        if (e.key !== "ArrowDown") return;
        e.preventDefault();
        void open().then(setPressed);
      }}
      className="flex h-9 w-9 items-center justify-center rounded-full"
    >
      {face}
    </button>
  );
}
