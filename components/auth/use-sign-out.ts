"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useAuth } from "./auth-provider";

/**
 * Logout as every menu offers it: the session ends on the server, the toasts say so, and the page
 * goes to `redirectTo` (or re-renders in place). `busy` is true from the click until the answer.
 */
export function useSignOut(redirectTo: string | null = "/auth") {
  const { logout } = useAuth();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await logout();
      toast({
        title: "Logged out successfully",
        description: "You have been logged out of your account",
      });
      if (redirectTo) router.push(redirectTo);
      router.refresh();
    } catch (e) {
      toastFailure("Logout failed", e);
    } finally {
      setBusy(false);
    }
  }

  return { signOut, busy };
}
