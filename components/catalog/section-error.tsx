"use client";
import { useState } from "react";
import { RotateCw } from "lucide-react";

/** A section whose data failed to load: the docs/product.md message and a retry that fetches it again. */
export function SectionError({
  message,
  onRetry,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  const retry = async () => {
    setPending(true);
    try {
      await onRetry();
    } finally {
      setPending(false);
    }
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <span>{message}</span>
      <button
        type="button"
        onClick={() => void retry()}
        disabled={pending}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-100"
      >
        <RotateCw aria-hidden className={pending ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
        {pending ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}
