import type { ReactNode } from "react";

/** An order line's product name, then muted after it "× {quantity and price}" (the children). */
export function LineItemName({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <span className="font-medium text-ink">{name}</span>
      <span className="text-muted"> × {children}</span>
    </>
  );
}
