"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { messageOf } from "@/lib/client/api";
import { useAuth } from "./auth-provider";

/** docs/product.md: an already signed-in visitor of /auth gets Back to Home, Go to Dashboard and sign out. */
export function SignedInPanel() {
  const { user, logout } = useAuth();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  async function signOut() {
    setBusy(true);
    try {
      await logout();
      toast({ title: "Logged out successfully", description: "You have been logged out of your account" });
      router.refresh();
    } catch (e) {
      toast({ title: "Logout failed", description: messageOf(e, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 text-center">
      <p className="text-lg">
        You&apos;re already signed in as <strong>{user.fullName}</strong>.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
        <Button asChild>
          <Link href="/home">Go to Dashboard</Link>
        </Button>
      </div>
      <Button variant="ghost" onClick={signOut} disabled={busy}>
        {busy ? "Logging out..." : "Sign out"}
      </Button>
    </div>
  );
}
