"use client";
import { Label as L } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "@/lib/cn";

export const Label = forwardRef<
  ComponentRef<typeof L.Root>,
  ComponentPropsWithoutRef<typeof L.Root>
>(function Label({ className, ...props }, ref) {
  return <L.Root ref={ref} className={cn("text-sm font-medium text-ink", className)} {...props} />;
});

/** A field's error line; link it to the control with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
