import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BrandCard } from "@/components/auth/auth-card";
import { UnsubscribeButton } from "@/components/notifications/unsubscribe-button";
import { isAppError } from "@/lib/server/platform/errors";
import { describeUnsubscribe } from "@/lib/server/notifications/preferences";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

/**
 * The confirm page of an email's unsubscribe link (docs/notifications.md): works signed out; the
 * button posts the same one-click call a mail client would. Opening it changes nothing.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const what = await describeUnsubscribe(decodeURIComponent(token)).catch((error: unknown) => {
    if (isAppError(error, "not_found")) notFound();
    throw error;
  });
  return (
    <BrandCard>
      <h1 className="text-xl font-bold text-ink">Unsubscribe from “{what.label}”</h1>
      <p className="mt-2 text-sm text-muted">{what.description}.</p>
      <UnsubscribeButton
        token={decodeURIComponent(token)}
        label={what.label}
        already={!what.email}
      />
      <p className="mt-6 text-sm text-muted">
        Signed in, you can choose every kind of email in{" "}
        <Link href="/profile/notifications" className="font-medium text-brand-800 underline">
          Profile → Notification
        </Link>
        .
      </p>
    </BrandCard>
  );
}
