import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
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
        <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-10">
          <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
            <Link
              href="/"
              className="mb-6 block text-center text-2xl font-extrabold text-brand-800"
            >
              Fieldfare
            </Link>
            <h1 className="mb-6 text-center text-xl font-bold">
              {user ? "Welcome back" : "Sign in to Fieldfare"}
            </h1>
            {user ? (
              <SignedInPanel />
            ) : (
              <Suspense>
                <AuthForms />
              </Suspense>
            )}
          </div>
        </main>
      </AuthProvider>
    </DataProvider>
  );
}
