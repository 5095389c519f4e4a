import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";

/** "Loading …" with a spinner, announced to screen readers while a list or panel loads. */
export function LoadingStatus({
  small = false,
  children,
}: {
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      className={
        small ? "flex items-center gap-2 text-sm text-muted" : "flex items-center gap-2 text-muted"
      }
    >
      <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> {children}
    </p>
  );
}
