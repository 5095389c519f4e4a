import { AppHeader } from "@/components/app-shell/app-header";
import { AppShell } from "@/components/app-shell/app-shell";
import { AuthProvider } from "@/components/auth/auth-provider";
import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { CartProvider } from "@/components/cart/cart-provider";
import { Toaster } from "@/components/ui/toaster";
import { DataProvider } from "@/lib/client/data";

/**
 * Signed-in app layout. It reads nothing per request, so the pages under it that read nothing
 * either are prerendered (docs/architecture.md, "Pages"): the session user comes from /api/user in
 * the browser (AuthProvider), once per visit.
 */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <DataProvider>
      <AuthProvider>
        <CartProvider>
          <AppShell header={<AppHeader />}>
            <VerifyEmailBanner />
            {children}
          </AppShell>
          <Toaster besideRail />
        </CartProvider>
      </AuthProvider>
    </DataProvider>
  );
}
