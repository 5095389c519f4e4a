import { cn } from "@/lib/cn";

/** A grey pulsing block standing in for content that is loading (hidden from assistive tech). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-lg bg-gray-200 motion-reduce:animate-none", className)}
    />
  );
}
