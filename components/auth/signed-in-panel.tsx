"use client";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { homePathFor } from "@/lib/auth/home-path";
import { useAuth } from "./auth-provider";
import { useSignOut } from "./use-sign-out";

/** docs/product.md: an already signed-in visitor of /auth gets Back to Home, Go to Dashboard and sign out. */
export function SignedInPanel() {
  const { user } = useAuth();
  // Stays on /auth, which then shows the sign-in form.
  const { signOut, busy } = useSignOut(null);
  if (!user) return null;

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
          <Link href={homePathFor(user)}>Go to Dashboard</Link>
        </Button>
      </div>
      <Button variant="ghost" onClick={signOut} disabled={busy}>
        {busy ? "Logging out..." : "Sign out"}
      </Button>
    </div>
  );
}
