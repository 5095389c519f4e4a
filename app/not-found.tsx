import Link from "next/link";
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** The not-found page (docs/product.md, "Routes and shells"). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-7xl font-extrabold text-brand-700">404</h1>
      <h2 className="text-2xl font-bold">Look like you&apos;re lost</h2>
      <p className="text-muted">The page you are looking for is not available!</p>
      <Link
        href="/"
        className="mt-2 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Go to Home
      </Link>
    </main>
  );
}
