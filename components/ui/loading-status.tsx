import { Loader2 } from "lucide-react";

/** A spinner and what is loading ("Loading your sessions..."), announced as a status. */
export function LoadingStatus({ label, small = false }: { label: string; small?: boolean }) {
  return (
    <p
      role="status"
      className={
        small ? "flex items-center gap-2 text-sm text-muted" : "flex items-center gap-2 text-muted"
      }
    >
      <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> {label}
    </p>
  );
}
