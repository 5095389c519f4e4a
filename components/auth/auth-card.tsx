import Link from "next/link";

/** The sign-in page's card, shared by the account-link pages (forgot, reset, verify). */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <Link href="/" className="mb-6 block text-center text-2xl font-extrabold text-brand-800">
          Fieldfare
        </Link>
        <h1 className="mb-6 text-center text-xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
