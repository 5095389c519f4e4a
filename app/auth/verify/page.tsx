import { Suspense } from "react";
import { AuthCard, tokenLinkMetadata } from "@/components/auth/auth-card";
import { VerifyEmailButton } from "@/components/auth/account-link-forms";

export const metadata = tokenLinkMetadata("Confirm your email");

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
