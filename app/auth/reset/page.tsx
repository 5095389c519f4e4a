import { tokenLinkPage } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/account-link-forms";

/** The link of the reset email (docs/accounts.md); the token stays in the browser until submitted. */
const page = tokenLinkPage("Choose a new password", ResetPasswordForm);

export const metadata = page.metadata;
export default page.Page;
