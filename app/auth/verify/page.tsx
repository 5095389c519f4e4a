import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailButton } from "@/components/auth/account-link-forms";

export const metadata: Metadata = {
  title: "Confirm your email",
  robots: { index: false },
  referrer: "no-referrer",
};

/** The link of the verification email (docs/accounts.md). */
export default function VerifyEmailPage() {
  return (
    <AuthCard title="Confirm your email">
      <Suspense>
        <VerifyEmailButton />
      </Suspense>
    </AuthCard>
  );
}
