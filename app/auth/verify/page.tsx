import { TokenLinkCard, tokenLinkMetadata } from "@/components/auth/auth-card";
import { VerifyEmailButton } from "@/components/auth/account-link-forms";

export const metadata = tokenLinkMetadata("Confirm your email");

/** The link of the verification email (docs/accounts.md). */
export default function VerifyEmailPage() {
  return (
    <TokenLinkCard title="Confirm your email">
      <VerifyEmailButton />
    </TokenLinkCard>
  );
}
