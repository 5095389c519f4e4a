import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const variants = {
  default: "bg-brand-700 text-white",
  secondary: "bg-brand-50 text-brand-800 border border-brand-200",
  warning: "bg-harvest-400 text-ink",
  muted: "bg-gray-700 text-white",
  destructive: "bg-red-700 text-white",
} as const;

export function Badge({
  className,
  variant = "default",
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
