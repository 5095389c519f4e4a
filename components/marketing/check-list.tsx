import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * Points in a list, each after a green check mark: what an audience gets, what a plan includes.
 * `checkClassName` lines the mark up with larger text.
 */
export function CheckList({
  points,
  className,
  itemClassName,
  checkClassName,
}: {
  points: readonly string[];
  className: string;
  itemClassName?: string;
  checkClassName?: string;
}) {
  return (
    <ul className={className}>
      {points.map((p) => (
        <li key={p} className={cn("flex gap-2", itemClassName)}>
          <Check aria-hidden className={cn(checkClassName, "h-5 w-5 shrink-0 text-brand-600")} />
          {p}
        </li>
      ))}
    </ul>
  );
}
