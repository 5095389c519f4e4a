import { TokenLinkCard, tokenLinkMetadata } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/account-link-forms";

export const metadata = tokenLinkMetadata("Choose a new password");

/** The link of the reset email (docs/accounts.md); the token stays in the browser until submitted. */
export default function ResetPasswordPage() {
  return (
    <TokenLinkCard title="Choose a new password">
      <ResetPasswordForm />
    </TokenLinkCard>
  );
}
