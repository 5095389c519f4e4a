import type { ReactNode } from "react";

/**
 * An order line's product name, then muted after it "· {quantity and price}" (the children, from
 * formatQuantity and formatLinePrice: "2 cases × 6 bags (250 g) @ $27.00 / case").
 */
export function LineItemName({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <span className="font-medium text-ink">{name}</span>
      <span className="text-muted"> · {children}</span>
    </>
  );
}
