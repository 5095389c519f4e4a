"use client";
import { useEffect } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { useAuth } from "./auth-provider";

/** Client-side guard of spec §2: a spinner while the user loads, /auth when signed out, else the page. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    if (!isLoading && !user) router.replace(`/auth?next=${encodeURIComponent(pathname)}`);
  }, [isLoading, user, router, pathname]);
  if (isLoading || !user) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center">
        <Loader2 aria-hidden className="h-8 w-8 animate-spin text-brand-700" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  return <>{children}</>;
}
