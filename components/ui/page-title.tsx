import type { ReactNode } from "react";

/** A screen's h1 with its link or action at the other end of the row (wrapping under it on a phone). */
export function PageTitle({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children}
    </div>
  );
}
