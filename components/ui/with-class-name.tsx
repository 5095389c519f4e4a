import type { ComponentProps, ElementType } from "react";
import { cn } from "@/lib/cn";

/**
 * A Radix part (or an HTML tag) that only adds the app's classes: `base` comes first, then the
 * caller's `className`. Every other prop, `ref` included, goes through unchanged.
 */
export function withClassName<T extends ElementType>(Part: T, base: string) {
  const Tag: ElementType = Part;
  return function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Tag className={cn(base, className)} {...props} />;
  };
}
