import { tokenLinkPage } from "@/components/auth/auth-card";
import { VerifyEmailButton } from "@/components/auth/account-link-forms";

/** The link of the verification email (docs/accounts.md). */
const page = tokenLinkPage("Confirm your email", VerifyEmailButton);

export const metadata = page.metadata;
export default page.Page;
