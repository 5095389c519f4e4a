import { AppHeader } from "@/components/app-shell/app-header";
import { AppShell } from "@/components/app-shell/app-shell";
import { AuthProvider } from "@/components/auth/auth-provider";
import { CartProvider } from "@/components/cart/cart-provider";
import { Toaster } from "@/components/ui/toaster";
import { DataProvider } from "@/lib/client/data";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { toPublicUser } from "@/lib/server/auth/serialize";

/** Signed-in app layout: the session user is read on the server, so the first paint is already personal. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  return (
    <AuthProvider initialUser={user ? toPublicUser(user) : null}>
      <DataProvider>
        <CartProvider>
          <AppShell header={<AppHeader />}>{children}</AppShell>
          <Toaster />
        </CartProvider>
      </DataProvider>
    </AuthProvider>
  );
}
