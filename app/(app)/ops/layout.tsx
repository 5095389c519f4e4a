import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OpsSubnav } from "@/components/ops/ops-subnav";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Ops console", robots: { index: false } };

/** The ops console (docs/operations.md): staff only; to anyone else it does not exist (404). */
export default async function OpsLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (user?.role !== "staff") notFound();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Ops console</p>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">Run Fieldfare</h1>
      </header>
      <OpsSubnav />
      {children}
    </div>
  );
}
