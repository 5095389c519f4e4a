"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { RotateCw } from "lucide-react";

/** A section whose data failed to load: the docs/product.md message and a retry that re-renders the page. */
export function SectionError({ message }: { message: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <span>{message}</span>
      <button
        type="button"
        onClick={() => start(() => router.refresh())}
        disabled={pending}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-100"
      >
        <RotateCw aria-hidden className={pending ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
        {pending ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}
