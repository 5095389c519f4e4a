import type { Metadata } from "next";
import { OpsSubnav } from "@/components/ops/ops-subnav";

export const metadata: Metadata = { title: "Ops console", robots: { index: false } };

/**
 * The ops console (docs/operations.md): prerendered, and served to staff only; proxy.ts answers
 * 404 to anyone else, and every /api/ops call checks the caller again.
 */
export default function OpsLayout({ children }: { children: React.ReactNode }) {
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
