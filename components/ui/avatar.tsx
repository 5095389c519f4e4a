"use client";
import { Avatar as A } from "radix-ui";
import { cn } from "@/lib/cn";

/** Radix Avatar: the image when it loads, else the initials. */
export function Avatar({
  src,
  initials,
  alt = "",
  className,
}: {
  src?: string | null;
  initials: string;
  alt?: string;
  className?: string;
}) {
  return (
    <A.Root
      className={cn(
        "inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 select-none",
        className,
      )}
    >
      {src ? <A.Image src={src} alt={alt} className="h-full w-full object-cover" /> : null}
      <A.Fallback className="text-sm font-semibold text-brand-800" delayMs={src ? 300 : 0}>
        {initials}
      </A.Fallback>
    </A.Root>
  );
}
