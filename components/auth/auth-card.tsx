import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

/**
 * The card of the signed-out pages (sign-in, the account links, unsubscribe): the brand on a pale
 * page, the content below it.
 */
export function BrandCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <Link href="/" className="mb-6 block text-center text-2xl font-extrabold text-brand-800">
          Fieldfare
        </Link>
        {children}
      </div>
    </main>
  );
}

/** The sign-in page's card with its centred title, shared by the account-link pages. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <BrandCard>
      <h1 className="mb-6 text-center text-xl font-bold">{title}</h1>
      {children}
    </BrandCard>
  );
}

/**
 * The card of a page opened from an emailed link: its form reads the token from the URL
 * (useSearchParams), so it renders inside a Suspense boundary.
 */
export function TokenLinkCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <AuthCard title={title}>
      <Suspense>{children}</Suspense>
    </AuthCard>
  );
}

/**
 * The metadata of a page opened from an emailed link that carries a token: kept out of search
 * engines, and no Referer header, so the token does not travel to the next site.
 */
export function tokenLinkMetadata(title: string): Metadata {
  return { title, robots: { index: false }, referrer: "no-referrer" };
}
