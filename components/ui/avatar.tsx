"use client";
import { Avatar as A } from "radix-ui";
import { cn } from "@/lib/cn";
import { initials } from "@/lib/format";

/**
 * A person's Radix Avatar: their picture when it loads, else their initials (an empty
 * `profileImage` is no picture).
 */
export function Avatar({
  person,
  alt = "",
  className,
}: {
  person: { fullName: string; profileImage: string };
  alt?: string;
  className?: string;
}) {
  const src = person.profileImage || null;
  return (
    <A.Root
      className={cn(
        "inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 select-none",
        className,
      )}
    >
      {src ? <A.Image src={src} alt={alt} className="h-full w-full object-cover" /> : null}
      <A.Fallback className="text-sm font-semibold text-brand-800" delayMs={src ? 300 : 0}>
        {initials(person.fullName)}
      </A.Fallback>
    </A.Root>
  );
}
