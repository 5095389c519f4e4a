import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

/** A decorative icon in a filled circle, at the start of a row; `className` sets its size and tint. */
export function IconCircle({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span
      aria-hidden
      className={cn("flex shrink-0 items-center justify-center rounded-full", className)}
    >
      <Icon className="h-5 w-5" />
    </span>
  );
}
