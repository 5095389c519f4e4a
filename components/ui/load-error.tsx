"use client";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A list or card that could not load: what failed and "Try again" (spinning while it retries). */
export function LoadError({
  message,
  onRetry,
  busy = false,
}: {
  message: string;
  onRetry: () => void;
  busy?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={busy}>
        <RotateCw aria-hidden className={busy ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
        {busy ? "Retrying..." : "Try again"}
      </Button>
    </div>
  );
}
