import type { Metadata } from "next";
import Link from "next/link";
import { Suspense, type ComponentType } from "react";

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
 * A page opened from an emailed link that carries a token, titled `title`, with `Form` in its card.
 * Its metadata keeps it out of search engines and sends no Referer header, so the token does not
 * travel to the next site; the form reads the token from the URL (useSearchParams), so it renders
 * inside a Suspense boundary.
 */
export function tokenLinkPage(title: string, Form: ComponentType) {
  const metadata: Metadata = { title, robots: { index: false }, referrer: "no-referrer" };
  function TokenLinkPage() {
    return (
      <AuthCard title={title}>
        <Suspense>
          <Form />
        </Suspense>
      </AuthCard>
    );
  }
  return { metadata, Page: TokenLinkPage };
}
