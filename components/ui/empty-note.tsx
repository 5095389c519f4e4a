import type { ReactNode } from "react";

/**
 * What an empty list says instead, in a dashed box: catalog sections, search, the farmer's
 * products, the wallet's history, the ops console's lists.
 */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-muted">
      {children}
    </p>
  );
}
