import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { AuthProvider } from "@/components/auth/auth-provider";
import { AuthForms } from "@/components/auth/auth-forms";
import { SignedInPanel } from "@/components/auth/signed-in-panel";
import { DataProvider } from "@/lib/client/data";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { toPublicUser } from "@/lib/server/auth/serialize";

export const metadata: Metadata = {
  title: "Sign in or create an account",
  description:
    "Log in to Fieldfare or create an account to buy seasonal produce straight from Okanagan farms.",
  alternates: { canonical: "/auth" },
};

export default async function AuthPage() {
  const user = await getCurrentUser();
  return (
    <DataProvider>
      <AuthProvider initialUser={user ? toPublicUser(user) : null}>
        <AuthCard title={user ? "Welcome back" : "Sign in to Fieldfare"}>
          {user ? (
            <SignedInPanel />
          ) : (
            <Suspense>
              <AuthForms />
            </Suspense>
          )}
        </AuthCard>
      </AuthProvider>
    </DataProvider>
  );
}
