import Link from "next/link";
import { SetPasswordForm } from "@/components/farm/set-password-form";
import { canSetPassword } from "@/lib/server/farm/invite";
import { farmPageUser } from "@/lib/server/farm/profile";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

/** Where the one-time sign-in link lands: the farmer picks a password for next time. */
export default async function WelcomePage() {
  const user = await farmPageUser();
  if (!user) return null;
  const allowed = await canSetPassword(user.id);
  return (
    <FarmSection
      id="welcome"
      title={`Welcome to Fieldfare, ${user.fullName}`}
      className="grid gap-4"
    >
      {allowed ? (
        <>
          <p className="max-w-prose text-muted">
            You are signed in with your one-time link. Choose a password so you can sign in again
            with {user.email}.
          </p>
          <SetPasswordForm email={user.email} />
        </>
      ) : (
        <p className="max-w-prose text-muted">
          Your account is ready. Continue to{" "}
          <Link href="/my-farm/products" className="font-semibold text-brand-800 underline">
            your products
          </Link>
          .
        </p>
      )}
    </FarmSection>
  );
}
